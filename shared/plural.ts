/** "1 question", "3 questions", "1 query point": a count with its noun, for messages people read. */
export function plural(n: number, noun: string, nouns = `${noun}s`): string {
  return `${n.toLocaleString('en')} ${n === 1 ? noun : nouns}`;
}

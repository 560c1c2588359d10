// Notes a run's score carries: fixed sentences (how the overall is aggregated, where the paper's own
// rows differ) and counted ones ("12 queries had several responses…"), each said once.
export class Notes {
  private readonly fixed: string[] = [];
  private readonly counted = new Map<string, { n: number; say: (n: number) => string }>();

  add(note: string | null): void {
    if (note && !this.fixed.includes(note)) this.fixed.push(note);
  }

  /** Counts one occurrence of `key`; `say` words the total at the end. */
  count(key: string, say: (n: number) => string, by = 1): void {
    const entry = this.counted.get(key);
    if (entry) entry.n += by;
    else this.counted.set(key, { n: by, say });
  }

  list(): string[] {
    return [...this.fixed, ...[...this.counted.values()].map((c) => c.say(c.n))];
  }
}

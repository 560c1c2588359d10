// What a review's (or a decision's) answers must be to count: one answer at every query point of
// the question, of the question's kind (an offered option letter, yes/no, a number, text), and own
// evidence and event moments inside the video. Checked by the services wherever answers arrive —
// a review, an adjudicator's edit, a returned package — so the report never counts a "Z".
import { optionLetters, type Answer, type QueryPoint, type Question } from '../questions';
import { normalizeAnswer } from './compare';

interface GivenAnswer {
  queryPointId: string;
  answer: Answer;
  evidence?: ReadonlyArray<readonly [number, number]>;
  events?: readonly number[];
}

/** Problems with the answers given for a question, each naming its field; empty when they may stand. */
export function answerProblems(
  question: Pick<Question, 'answerKind' | 'options'>,
  points: ReadonlyArray<Pick<QueryPoint, 'id' | 'time'>>,
  given: readonly GivenAnswer[],
  duration: number | null,
): string[] {
  const problems: string[] = [];
  const ids = new Set(points.map((p) => p.id));
  const seen = new Set<string>();
  const letters = optionLetters(question);
  for (const [i, a] of given.entries()) {
    const at = `answers[${i}]`;
    if (!ids.has(a.queryPointId)) problems.push(`${at}.queryPointId: ${a.queryPointId} is not a query point of this question.`);
    else if (seen.has(a.queryPointId)) problems.push(`${at}.queryPointId: a second answer for the same query point.`);
    seen.add(a.queryPointId);
    const problem = answerProblem(question.answerKind, letters, a.answer);
    if (problem) problems.push(`${at}.answer: ${problem}`);
    for (const [j, [start, end]] of (a.evidence ?? []).entries()) {
      if (end < start) problems.push(`${at}.evidence[${j}]: ends (${end} s) before it starts (${start} s).`);
      else if (duration !== null && end > duration + 1e-6) problems.push(`${at}.evidence[${j}]: ends after the video (${duration} s).`);
    }
    for (const [j, t] of (a.events ?? []).entries()) {
      if (duration !== null && t > duration + 1e-6) problems.push(`${at}.events[${j}]: ${t} s is after the video's end (${duration} s).`);
    }
  }
  for (const p of points) if (!seen.has(p.id)) problems.push(`answers: no answer at the query point at ${p.time} s.`);
  return problems;
}

function answerProblem(kind: Question['answerKind'], letters: readonly string[], answer: Answer): string | null {
  const value = normalizeAnswer(answer, kind);
  if (value === null) return kind === 'number' ? 'give a number.' : 'give an answer.';
  if (kind === 'choice' && !letters.includes(String(value))) return `${JSON.stringify(answer)} is not one of the options (${letters.join(', ') || 'none'}).`;
  if (kind === 'yesno' && value !== 'yes' && value !== 'no') return `${JSON.stringify(answer)} is neither yes nor no.`;
  return null;
}

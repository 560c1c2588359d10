// StreamingBench as its release scores it (src/data/count.py; formats digest §2), for the custom
// profile its question files are imported into.
// - Multiple choice: the answer's first character must be the letter (`question[model][0] == answer`,
//   no case folding, no trimming). A question the model has no answer to is left out of the
//   denominator, and so is an empty answer (count.py passes over it in the SQA file; in the others it
//   stops with an IndexError). Accuracy per task type, and overall pooled over every question counted
//   (count.py's "total" row, which it prints for the real-time and omni-source files).
// - Proactive output: the dialog's last turn decides. Its time within ±2 s of ground_truth_time_stamp
//   is `timeAccuracy`; that and ground_truth_output found in its text (case-sensitive) is
//   `answerAccuracy` — count.py's time_accuracy and answer_accuracy, over the questions answered.
// The release and the paper are not known to differ here: --rules paper scores the same.
import { plural } from '../plural';
import { percent, tallyAnswer, type Tally } from './aggregate';
import type { ScoringContext } from './context';
import { firstResponse, readAnswer, responsesByQuery } from './responses';
import type { ItemScore, Metrics, ProfileScore, QueryScore, ScoringItem } from './types';
import { clock } from './timing';

/** count.py's window around ground_truth_time_stamp, both edges in (issue #12: the official one). */
const PROACTIVE_WINDOW_SECONDS = 2;

export const STREAMINGBENCH_NOTE =
  "StreamingBench (src/data/count.py): a multiple-choice answer is its first character; questions without an answer are left out of the accuracy, per task and pooled overall. Proactive output: the dialog's last turn within ±2 s of the ground-truth time (timeAccuracy), and the expected output in it as well (answerAccuracy).";

const SLACK = 1e-9;

/** A proactive question's answer as count.py judges it; null when it has none to judge. */
function proactive(item: ScoringItem, ctx: ScoringContext): { query: QueryScore; time: boolean; answer: boolean } | null {
  const point = item.points[0]!;
  const response = firstResponse(responsesByQuery(item, ctx.notes)[0]!, ctx.notes);
  if (!response) return null;
  if (response.t === null) {
    ctx.notes.count('sb-no-turn', (n) => `${plural(n, 'proactive answer')} with no time (an empty dialog history) left out (count.py stops on an empty history).`);
    return null;
  }
  const due = point.proactiveTime ?? point.time;
  const off = response.t - due;
  const time = off >= -PROACTIVE_WINDOW_SECONDS - SLACK && off <= PROACTIVE_WINDOW_SECONDS + SLACK;
  const expected = point.answer === null ? '' : String(point.answer);
  const answer = time && response.text.includes(expected);
  const when = `last turn at ${clock(response.t)}, ${Math.abs(off) < SLACK ? 'at' : `${Math.abs(off)} s ${off < 0 ? 'before' : 'after'}`} the ground truth ${clock(due)}`;
  const rule = `${when} (${time ? 'within' : 'outside'} ±${PROACTIVE_WINDOW_SECONDS} s)${time ? `; "${expected}" ${answer ? 'in' : 'not in'} its text` : ''}`;
  return { query: { query: 0, t: response.t, extracted: response.text, rule, correct: answer, timing: time ? 'on-time' : off < 0 ? 'early' : 'late' }, time, answer };
}

export function scoreStreamingBench(items: readonly ScoringItem[], ctx: ScoringContext): ProfileScore {
  const { notes } = ctx;
  const tallies = new Map<string, Tally>();
  const all: Tally = { correct: 0, total: 0 };
  const proactiveTallies = new Map<string, { time: number; answer: number; total: number }>();
  const allProactive = { time: 0, answer: 0, total: 0 };
  const scored: ItemScore[] = items.map((item): ItemScore => {
    const category = item.question.taskCode ?? 'uncategorised';
    const blank: QueryScore = { query: 0, t: null, extracted: null, rule: 'no answer: left out, as count.py leaves it out', correct: null, timing: null };
    if (item.question.answerKind !== 'choice') {
      const judged = item.points[0] && item.points[0].proactiveTime !== null ? proactive(item, ctx) : null;
      if (!judged) return { item: item.item, category, metrics: { timeAccuracy: null, answerAccuracy: null }, queries: [blank] };
      let t = proactiveTallies.get(category);
      if (!t) proactiveTallies.set(category, (t = { time: 0, answer: 0, total: 0 }));
      for (const tally of [t, allProactive]) {
        tally.total++;
        if (judged.time) tally.time++;
        if (judged.answer) tally.answer++;
      }
      return { item: item.item, category, metrics: { timeAccuracy: judged.time ? 100 : 0, answerAccuracy: judged.answer ? 100 : 0 }, queries: [judged.query] };
    }
    const response = firstResponse(responsesByQuery(item, notes)[0] ?? [], notes);
    if (!response || response.text === '') {
      if (!response) notes.count('sb-unanswered', (n) => `${plural(n, 'question')} without an answer left out, as count.py leaves ${n === 1 ? 'it' : 'them'} out.`);
      else
        notes.count(
          'sb-empty',
          (n) => `${plural(n, 'empty answer')} left out (count.py passes over ${n === 1 ? 'it' : 'them'} in the SQA file and stops on ${n === 1 ? 'it' : 'them'} in the others).`,
        );
      return { item: item.item, category, metrics: { accuracy: null }, queries: [response ? { ...blank, t: response.t, rule: 'an empty answer: left out' } : blank] };
    }
    const extractor = ctx.extractorFor('choice');
    const read = extractor ? readAnswer(item, 0, response, extractor) : null;
    if (!read || read.correct === null) return { item: item.item, category, metrics: { accuracy: null }, queries: [read ?? blank] };
    tallyAnswer(tallies, category, read.correct);
    all.total++;
    if (read.correct) all.correct++;
    return { item: item.item, category, metrics: { accuracy: read.correct ? 100 : 0 }, queries: [read] };
  });
  const byCategory: Record<string, Metrics> = {};
  for (const [code, t] of tallies) byCategory[code] = { accuracy: percent(t.correct, t.total) };
  for (const [code, t] of proactiveTallies) byCategory[code] = { timeAccuracy: percent(t.time, t.total), answerAccuracy: percent(t.answer, t.total) };
  const overall: Metrics = {
    accuracy: percent(all.correct, all.total),
    ...(allProactive.total ? { timeAccuracy: percent(allProactive.time, allProactive.total), answerAccuracy: percent(allProactive.answer, allProactive.total) } : {}),
  };
  notes.add(STREAMINGBENCH_NOTE);
  return { overall, byCategory, items: scored };
}

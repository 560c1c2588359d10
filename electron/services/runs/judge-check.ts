// Checking the judge against people (VSAS reports Cohen's κ = 0.91 on 450 held-out samples): a seeded
// sample of what the judge has judged, shown to a person without the judge's verdict; their verdicts
// stored as judgments of their own (keyed "person:<name>" + the judge's key); κ between judge and
// people over the pairs, with its 95 % interval and Landis–Koch band — by the review work's code.
import type { Caller } from '../../../shared/domain';
import { cohenKappa, landisKoch, type Rating } from '../../../shared/agreement/metrics';
import { foldJudgments, type Judge, type JudgeAgreement, type JudgeCheckItem, type JudgeRequest } from '../../../shared/scoring/judge';
import { stratifiedSample } from '../../../shared/review/sample';
import type { Judgment } from '../../../shared/scoring/types';
import { ServiceError } from '../errors';
import type { Project } from '../projects/project';
import { judgmentFieldsSchema } from './store';
import type { RunStore } from './store';
import { requestsOf } from './judge';

const personKey = (person: string, key: string): string => `person:${person}\u0000${key}`;

/** What the judge (this model) has judged on a profile, by key. */
async function judged(project: Project, profileId: string, model: string): Promise<{ labels: Judge['labels']; requests: Map<string, JudgeRequest>; judge: Map<string, Judgment[]> }> {
  const { judge, requests, stored } = await requestsOf(project, profileId, [], model);
  for (const key of [...requests.keys()]) if (!stored.has(key)) requests.delete(key);
  return { labels: judge.labels, requests, judge: stored };
}

/** A seeded sample of what the judge has judged, for one person to judge blind. */
export async function judgeCheckSample(project: Project, caller: Caller, profileId: string, model: string, size: number, seed: number): Promise<JudgeCheckItem[]> {
  const { requests } = await judged(project, profileId, model);
  const ids = stratifiedSample(
    [...requests.keys()].map((id) => ({ id, stratum: '' })),
    size,
    seed,
  );
  const mine = await project.stores.runs.judgments(ids.map((k) => personKey(caller.person, k)));
  return ids.map((key) => {
    const r = requests.get(key)!;
    return { key, question: r.question, reference: r.reference, response: r.response, mine: foldJudgments(mine.get(personKey(caller.person, key)) ?? []) };
  });
}

/** A person's verdict on one sampled request (again: it replaces theirs). */
export async function judgeAsPerson(project: Project, caller: Caller, key: string, judgment: Judgment): Promise<void> {
  if (!(await project.stores.runs.isJudged(key))) throw new ServiceError('not-found', 'The judge has not judged that answer (or it was undone).');
  await project.edit(caller.person, 'Judge check', (w) =>
    w.runs.replaceJudgment(
      personKey(caller.person, key),
      judgment,
      judgmentFieldsSchema.parse({ reason: judgment.reason, model: `person:${caller.person}`, template: 'judge-check', version: 1, raw: null, inputTokens: 0, outputTokens: 0, costUsd: 0 }),
    ),
  );
}

/** κ between the judge and the people who checked it, over the requests both judged. */
export async function judgeAgreement(project: Project, profileId: string, model: string): Promise<JudgeAgreement> {
  const { labels, requests, judge } = await judged(project, profileId, model);
  const people = await peopleJudgments(project.stores.runs, [...requests.keys()]);
  const ratings: Rating[] = [];
  for (const [key, theirs] of people) {
    const j = foldJudgments(judge.get(key) ?? []);
    if (!j) continue;
    for (const p of theirs) {
      const label = (x: Judgment) => (labels === 'verdict' ? (x.verdict ?? '') : Math.round(x.score));
      if (labels === 'verdict' && (!j.verdict || !p.verdict)) continue;
      // one pair per (request, person): the judge and "people" are the two raters
      const item = `${key}\u0000${p.reason}`;
      ratings.push({ item, rater: 'judge', label: label(j) }, { item, rater: 'people', label: label(p) });
    }
  }
  const pairs = ratings.length / 2;
  if (pairs === 0) return { pairs: 0, kappa: null, ci95: null, band: null, percent: null, labels };
  const result = cohenKappa(ratings, labels === 'score' ? 'linear' : 'none', ['judge', 'people']);
  const agree = result.confusion.reduce((a, row, i) => a + (row[i] ?? 0), 0);
  const value = Number.isFinite(result.value) ? result.value : null;
  return { pairs, kappa: value, ci95: result.ci95, band: value === null ? null : landisKoch(value), percent: (100 * agree) / pairs, labels };
}

/** People's verdicts on these judge keys: key → each person's verdict (its reason field names the person). */
async function peopleJudgments(runs: RunStore, keys: readonly string[]): Promise<Map<string, Judgment[]>> {
  const wanted = new Set(keys);
  const out = new Map<string, Judgment[]>();
  for (const { key: stored, judgment, fields } of await runs.judgmentsKeyedFrom('person:')) {
    const key = stored.slice(stored.indexOf('\u0000') + 1);
    if (!wanted.has(key)) continue;
    const person = fields.model;
    out.set(key, [...(out.get(key) ?? []), { score: judgment.score, reason: person, ...(judgment.verdict ? { verdict: judgment.verdict } : {}) }]);
  }
  return out;
}

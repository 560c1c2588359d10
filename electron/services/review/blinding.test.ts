// Blind review is enforced by the services: every method of the contract, called as a reviewer who
// has not yet submitted — or as a person with items to review in an open round, whatever role they
// pick — must return nothing of the authors' answers, notes or answer provenance, no dense caption
// and no model draft or model output of an item they are blind to, and write none of it into a file.
// A method added to the contract without a request here (and a decision in policy.ts) fails.
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiMethods, type ApiMethod } from '../../../shared/api';
import type { Caller } from '../../../shared/domain';
import { AppServices } from '../app-services';
import { createHandlers, dispatch } from '../test-support/handlers';
import { tempDir } from '../test-support/fixtures';
import { addDraftsAndRun, lead, populateForReview, rita, SENTINEL, type DraftedFixture, type ReviewFixture } from '../test-support/review';
import { blindingDecisions } from './policy';
import { savePerson } from './people';
import { openRound } from './rounds';
import { submitReview } from './reviewing';
import { everyRequest } from '../test-support/every-request';

const dir = tempDir();
let app: AppServices;
let fx: ReviewFixture;
let drafted: DraftedFixture;
let projectPath: string;
let markId: string;
let pointId: string;
/** Listed as reviewer and annotator, with every item of Ann's to review in a round of her own. */
const val = (role: 'reviewer' | 'annotator'): Caller => ({ person: 'Val', role });
const allOfAnns = { profileId: null, taskCodes: [], statuses: [], authors: ['Ann'], sample: null };

beforeAll(async () => {
  app = new AppServices({ dataDir: join(dir.path, 'data'), mode: 'browser', version: 'test' });
  projectPath = (await app.createProject(join(dir.path, 'blind.tidemark'), 'Blind')).path;
  const project = app.requireProject();
  fx = await populateForReview(project);
  drafted = await addDraftsAndRun(project, fx, join(dir.path, 'run.jsonl'));
  await savePerson(project, lead, 'Val', ['reviewer', 'annotator']);
  await openRound(project, lead, { name: 'R1', purpose: 'review', selection: allOfAnns, reviewers: ['Rita'], reviewsPerItem: 1, threshold: 0.8, numericTolerance: 0, eventTolerance: 1 });
  await openRound(project, lead, { name: "Val's", purpose: 'review', selection: allOfAnns, reviewers: ['Val'], reviewsPerItem: 1, threshold: 0.8, numericTolerance: 0, eventTolerance: 1 });
  const plainPoint = (await project.stores.annotation.queryPointsOfVideo(fx.videoId)).find((p) => p.questionId === fx.plainId)!;
  // Rita has reviewed the plain item (no sentinel in it): she is blind to the others
  await submitReview(project, rita, { questionId: fx.plainId, round: 1, answers: [{ queryPointId: plainPoint.id, answer: 'A' }], verdict: 'accept', reason: null, notes: '', secondsSpent: 30 });
  markId = ((await dispatch(createHandlers(app), 'annotations.load', { videoId: fx.videoId }, lead)) as { ok: true; value: { marks: Array<{ id: string }> } }).value.marks[0]!.id;
  pointId = (await project.stores.annotation.queryPointsOfVideo(fx.videoId)).find((p) => p.questionId === fx.textId)!.id;
}, 60_000);

afterAll(async () => {
  await app.shutdown();
  dir.remove();
});

/** What must not reach a blind caller: the sentinel, and the drafted event (which has no text to carry it). */
const leaks = (text: string): boolean => text.includes(SENTINEL) || text.includes(drafted.draftedEventId);

/** The bytes of a project file and its sidecars (-wal, -shm), or of any file. */
const bytesOf = (path: string): string =>
  readdirSync(dir.path)
    .filter((name) => join(dir.path, name).startsWith(path))
    .map((name) => readFileSync(join(dir.path, name)).toString('latin1'))
    .join('');

/** A valid request for every method; the project-switching ones run last (see ORDER). */
function requests(): Record<ApiMethod, unknown> {
  return everyRequest({ dir: dir.path, projectPath, videoId: fx.videoId, questionId: fx.textId, pointId, markId, runId: drafted.runId });
}

// reviews.submit of a sentinel item would legitimately lift the blindness: it runs after the checks of everything else
const LAST: ApiMethod[] = ['reviews.submit', 'jobs.list', 'projects.create', 'projects.open', 'projects.close'];

/** Files the methods write: an export or a package must not carry what the caller may not see either. */
const WRITTEN = (): string[] => [join(dir.path, 'out.jsonl'), join(dir.path, 'pkg.tidemark')];

describe('blind review, method by method', () => {
  it('has a blinding decision and a request for every method of the contract', () => {
    expect(Object.keys(blindingDecisions).sort()).toEqual([...apiMethods].sort());
    expect(Object.keys(requests()).sort()).toEqual([...apiMethods].sort());
  });

  it('writes no caption, drafted mark, draft, answer or note of a blind item into a review package', async () => {
    const handlers = createHandlers(app);
    const path = join(dir.path, 'rita-round-1.tidemark');
    expect(await dispatch(handlers, 'packages.export', { round: 1, reviewer: 'Rita', path }, lead)).toMatchObject({ ok: true, value: { questions: 5 } });
    const bytes = bytesOf(path);
    expect(bytes).toContain(drafted.captionTaskId); // the caption task is in it, to be reviewed
    expect(bytes.includes(SENTINEL)).toBe(false);
    expect(bytes.includes(drafted.draftedEventId)).toBe(false);
  });

  // Rita is a reviewer; Val is a reviewer and an annotator, blind to her assigned items in either role
  it.each([
    ['Rita, a reviewer', rita],
    ['Val, as reviewer', val('reviewer')],
    ['Val, as annotator', val('annotator')],
  ])(
    'returns no author answer, note, provenance, caption or draft of a blind item to %s from any method',
    async (_who, caller: Caller) => {
      const handlers = createHandlers(app);
      if (!app.currentProject()) await dispatch(handlers, 'projects.open', { path: projectPath }, lead);
      for (const path of WRITTEN()) rmSync(path, { force: true });
      const call = async (method: ApiMethod, as: Caller = caller) => dispatch(handlers, method, requests()[method], as);
      // the sentinel is there to find: a lead sees it, and the drafted event
      const seenByLead = JSON.stringify(await call('annotations.load', lead));
      expect(seenByLead).toContain(SENTINEL);
      expect(seenByLead).toContain(drafted.draftedEventId);
      const leaked: string[] = [];
      const notRefused: string[] = [];
      const outcomes: Record<string, string> = {};
      const order = [...apiMethods.filter((m) => !LAST.includes(m)), ...LAST];
      for (const method of order) {
        if (method === 'reviews.submit') {
          // once she submits, the item is hers to see: check everything before that moment
          const after = await call('jobs.list');
          if (leaks(JSON.stringify(after))) leaked.push('jobs.list (before submit)');
        }
        const result = await call(method);
        outcomes[method] = result.ok ? 'ok' : result.error.code;
        if (leaks(JSON.stringify(result))) leaked.push(method);
        if (result.ok && typeof result.value === 'object' && result.value && 'jobId' in result.value) await app.jobs.wait(String((result.value as { jobId: string }).jobId)).catch(() => undefined);
        for (const path of WRITTEN()) if (existsSync(path) && leaks(bytesOf(path))) leaked.push(`${method} (in ${path})`);
        if (blindingDecisions[method] === 'refused' && !(!result.ok && result.error.code === 'forbidden')) notRefused.push(`${method}: ${outcomes[method]}`);
      }
      expect(leaked).toEqual([]);
      expect(notRefused).toEqual([]);
      // the redacted reads did answer (they are not merely failing)
      expect(outcomes['annotations.load']).toBe('ok');
      expect(outcomes['reviews.context']).toBe('ok');
      expect(outcomes['exchange.stats']).toBe('ok');
      expect(outcomes['reviews.queue']).toBe('ok');
    },
    60_000,
  );
});

describe('blindness follows the person, not the role they pick', () => {
  it('holds a listed reviewer to their roles on every call, and blinds anyone to their pending assignments', async () => {
    const handlers = createHandlers(app);
    if (!app.currentProject()) await dispatch(handlers, 'projects.open', { path: projectPath }, lead);
    // Rita is listed as a reviewer only: calling herself annotator or researcher lifts nothing
    for (const role of ['annotator', 'researcher', 'lead'] as const) {
      const result = await dispatch(handlers, 'annotations.load', { videoId: fx.videoId }, { person: 'Rita', role });
      expect(result).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    }
    // a lead given items to review is blind to them until their review is in
    await savePerson(app.requireProject(), lead, 'Lee', ['lead', 'reviewer']);
    await openRound(app.requireProject(), lead, {
      name: 'Lead reviews',
      purpose: 'review',
      selection: { profileId: null, taskCodes: [], statuses: [], authors: ['Ann'], sample: null },
      reviewers: ['Lee'],
      reviewsPerItem: 1,
      threshold: 0.8,
      numericTolerance: 0,
      eventTolerance: 1,
    });
    const blind = await dispatch(handlers, 'annotations.load', { videoId: fx.videoId }, lead);
    expect(JSON.stringify(blind)).not.toContain(SENTINEL);
    const point = (await app.requireProject().stores.annotation.queryPointsOfVideo(fx.videoId)).find((p) => p.questionId === fx.textId)!;
    const round = (await dispatch(handlers, 'rounds.list', {}, lead)) as { ok: true; value: Array<{ number: number; name: string }> };
    const number = round.value.find((r) => r.name === 'Lead reviews')!.number;
    expect(
      await dispatch(handlers, 'reviews.submit', { questionId: fx.textId, round: number, answers: [{ queryPointId: point.id, answer: 'EXIT' }], verdict: 'revise', reason: 'wrong answer' }, lead),
    ).toMatchObject({ ok: true });
    expect(JSON.stringify(await dispatch(handlers, 'reviews.context', { questionId: fx.textId }, lead))).toContain(SENTINEL);
  });

  it('gives a reviewer the captions of a caption task once they have reviewed it, and still no drafted mark of the items they have not', async () => {
    const handlers = createHandlers(app);
    if (!app.currentProject()) await dispatch(handlers, 'projects.open', { path: projectPath }, lead);
    const load = async () => JSON.stringify(await dispatch(handlers, 'annotations.load', { videoId: fx.videoId }, val('reviewer')));
    expect(await load()).not.toContain('The cook slices');
    const point = (await app.requireProject().stores.annotation.queryPointsOfVideo(fx.videoId)).find((p) => p.questionId === drafted.captionTaskId)!;
    expect(
      await dispatch(handlers, 'reviews.submit', { questionId: drafted.captionTaskId, round: 2, answers: [{ queryPointId: point.id, answer: 'Someone cooks.' }], verdict: 'accept' }, val('reviewer')),
    ).toMatchObject({ ok: true });
    const after = await load();
    expect(after).toContain('The cook slices');
    expect(after).not.toContain(drafted.draftedEventId);
    // her review stands in every role: as annotator she cannot undo it and answer again
    expect(await dispatch(handlers, 'edits.undo', {}, val('annotator'))).toMatchObject({ ok: false, error: { code: 'forbidden', message: expect.stringMatching(/a submitted review stands/) } });
    expect(await load()).toContain('The cook slices');
  });
});

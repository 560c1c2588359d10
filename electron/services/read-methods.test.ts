// The one list of calls that only read (shared/api-methods.ts) against the server: each of them
// answers from a project opened for reading only — whose handle has no writer, so a call that
// wrote would be refused — and every other call is refused there, or is named below as changing
// something outside the project. A method added to the contract without a request here fails.
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiMethods, readMethods, type ApiMethod } from '../../shared/api-methods';
import { BUILTIN_PROFILES } from '../../shared/profiles';
import { AppServices } from './app-services';
import { READ_ONLY_PROJECT } from './db/project-db';
import { createHandlers, dispatch } from './test-support/handlers';
import type { Caller } from '../../shared/domain';
import { importWriter } from './exchange/import-edit-runner';
import { UNWATCHED } from './jobs/registry';
import { createProfile } from './profiles/service';
import { Project } from './projects/project';
import { exportPackage } from './review/packages';
import { submitReview } from './review/reviewing';
import { judgmentFieldsSchema } from './runs/store';
import { startFakeOpenAi, type FakeOpenAi } from './test-support/fake-openai';
import { renderClip, SMALL_CLIP, tempDir } from './test-support/fixtures';
import { addDraftsAndRun, lead, openRoundOfAnns, populateForReview, rita, type DraftedFixture, type ReviewFixture } from './test-support/review';
import { importVideos } from './videos/service';
import { everyRequest } from './test-support/every-request';
import { sqliteOf } from './test-support/project';

const dir = tempDir();
let app: AppServices;
let fake: FakeOpenAi;
let fx: ReviewFixture;
let drafted: DraftedFixture;
let projectPath: string;
let clip: string;
let markId: string;
let pointId: string;
let choicePointId: string;
let draftId: string;
/** A video with a real file (drafting and relinking need one). */
let realVideoId: string;
let sameClip: string;
let customProfileId: string;
/** A video file the project has not got. */
let otherClip: string;

/** Calls that change something other than the project: the settings, the machine's key, which project is open, a job, a file. */
const OUTSIDE_THE_PROJECT: ReadonlySet<ApiMethod> = new Set<ApiMethod>([
  'settings.update',
  'projects.create',
  'projects.open',
  'projects.close',
  'jobs.cancel',
  'thumbnails.generate',
  'exchange.export',
  'packages.export',
  'drafting.configure',
  'drafting.setKey',
]);

beforeAll(async () => {
  // a model that answers at once: drafting and judging reach their writes without waiting on a network
  fake = await startFakeOpenAi();
  fake.answerWith(() => ({ kind: 'json', content: '{"text": "x"}' }));
  app = new AppServices({ dataDir: join(dir.path, 'data'), mode: 'browser', version: 'test', env: {} });
  const handlers = createHandlers(app);
  for (const [method, request] of [
    ['drafting.configure', { baseURL: fake.baseURL, model: 'fake-vision-1' }],
    ['drafting.setKey', { key: 'sk-test' }],
  ] as const) {
    const result = await dispatch(handlers, method, request, lead);
    if (!result.ok) throw new Error(result.error.message);
  }
  projectPath = (await app.createProject(join(dir.path, 'reads.tidemark'), 'Reads')).path;
  const project = app.requireProject();
  fx = await populateForReview(project);
  drafted = await addDraftsAndRun(project, fx, join(dir.path, 'run.jsonl'));
  await openRoundOfAnns(project, 'R1', ['Rita']);
  markId = sqliteOf(project).db.query<{ id: string }>('SELECT id FROM marks LIMIT 1').get()!.id;
  pointId = (await project.stores.annotation.queryPointsOfVideo(fx.videoId)).find((p) => p.questionId === fx.textId)!.id;
  choicePointId = (await project.stores.annotation.queryPointsOfVideo(fx.videoId)).find((p) => p.questionId === fx.choiceId)!.id;
  draftId = sqliteOf(project).db.query<{ id: string }>('SELECT id FROM drafts LIMIT 1').get()!.id;
  clip = await renderClip(join(dir.path, 'clip.mp4'));
  sameClip = join(dir.path, 'same.mp4');
  copyFileSync(clip, sameClip);
  realVideoId = (await importVideos(project, lead, app.tools, [clip], UNWATCHED)).imported[0]!.id;
  customProfileId = (await createProfile(project, lead, 'Mine', null)).id;
  // Rita's review is in: the item can be adjudicated
  const textPoint = (await project.stores.annotation.queryPointsOfVideo(fx.videoId)).find((p) => p.questionId === fx.textId)!;
  await submitReview(project, rita, {
    questionId: fx.textId,
    round: 1,
    answers: [{ queryPointId: textPoint.id, answer: 'other' }],
    verdict: 'revise',
    reason: 'wrong answer',
    notes: '',
    secondsSpent: 5,
  });
  // a package Rita returns with a review the project has not got yet
  const pkgPath = join(dir.path, 'pkg.tidemark');
  await exportPackage(project, lead, 1, 'Rita', pkgPath);
  const pkg = await Project.open(pkgPath, { create: false });
  const choicePoint = (await pkg.stores.annotation.queryPointsOfVideo(fx.videoId)).find((p) => p.questionId === fx.choiceId)!;
  await submitReview(pkg, rita, { questionId: fx.choiceId, round: 1, answers: [{ queryPointId: choicePoint.id, answer: 'A' }], verdict: 'accept', reason: null, notes: '', secondsSpent: 5 });
  await pkg.close();
  otherClip = await renderClip(join(dir.path, 'other.mp4'), { ...SMALL_CLIP, testPattern: { seconds: 3 } });
  await project.edit('Lee', 'A judgment', (w) =>
    w.runs.addJudgment(
      'judged',
      0,
      { score: 4, reason: 'ok' },
      judgmentFieldsSchema.parse({ reason: 'ok', model: 'm', template: 't', version: 1, raw: null, inputTokens: 0, outputTokens: 0, costUsd: 0 }),
    ),
  );
  await app.closeProject();
}, 60_000);

afterAll(async () => {
  await app.shutdown();
  await fake.close();
  dir.remove();
});

/** The project, opened for reading only, as the one the services serve. */
async function openForReading(): Promise<void> {
  // (the services open projects for writing; a project opened otherwise is installed as a switch would)
  await app['switchTo'](await Project.open(projectPath, { create: false, readOnly: true }));
}

/** Who calls a method that the lead may not (a review is a reviewer's). */
const CALLERS: Partial<Record<ApiMethod, Caller>> = { 'reviews.submit': rita };

/** A valid request for every method. */
function requests(): Record<ApiMethod, unknown> {
  return everyRequest(
    { dir: dir.path, projectPath, videoId: fx.videoId, questionId: fx.textId, pointId, markId, runId: drafted.runId },
    {
      'videos.import': { paths: [otherClip] },
      'videos.relink': { videoId: realVideoId, path: sameClip },
      'profiles.update': { id: customProfileId, definition: BUILTIN_PROFILES[1] },
      'profiles.remove': { id: customProfileId },
      'captions.mergeRuns': { videoId: fx.videoId, target: drafted.captionTaskId },
      'exchange.import': { path: join(dir.path, 'run.jsonl'), format: 'ovo-s' },
      'exchange.readiness': { format: 'ovo-s' },
      'people.save': { name: 'Rita', roles: ['reviewer', 'annotator'] },
      'people.remove': { name: 'Rob' },
      'rounds.open': { name: 'R2', selection: {}, reviewers: ['Rob'] },
      'reviews.submit': { questionId: fx.choiceId, round: 1, answers: [{ queryPointId: choicePointId, answer: 'B' }], verdict: 'reject', reason: 'ambiguous' },
      'packages.export': { round: 1, reviewer: 'Rita', path: join(dir.path, 'pkg-again.tidemark') },
      'drafting.estimate': { what: 'captions', videoId: realVideoId, target: drafted.captionTaskId, task: 'What happens?' },
      'drafting.start': { what: 'captions', videoId: realVideoId, target: drafted.captionTaskId, task: 'What happens?' },
      'drafts.decide': { ids: [draftId], decision: 'accept' },
      'drafts.edit': { id: draftId, text: 'x' },
      'runs.import': { path: join(dir.path, 'run.jsonl') },
      'runs.remove': { runId: drafted.runId },
      'runs.judgeAsPerson': { key: 'judged', score: 3 },
    },
  );
}

/** What a call came to: its answer, or the error it (or the job it started) ended with. */
async function outcomeOf(method: ApiMethod): Promise<{ ok: true } | { ok: false; message: string }> {
  const result = await dispatch(createHandlers(app), method, requests()[method], CALLERS[method] ?? lead);
  if (!result.ok) return { ok: false, message: result.error.message };
  const value = result.value as { jobId?: unknown } | null;
  if (value && typeof value === 'object' && typeof value.jobId === 'string') {
    const job = await app.jobs.wait(value.jobId);
    if (job.state !== 'done') return { ok: false, message: job.message ?? job.state };
  }
  return { ok: true };
}

describe('the calls that only read', () => {
  it('has a request for every method of the contract, and calls no method both a read and a write', () => {
    expect(Object.keys(requests()).sort()).toEqual([...apiMethods].sort());
    expect(readMethods.filter((m) => OUTSIDE_THE_PROJECT.has(m))).toEqual([]);
  });

  it('every read answers from a project opened for reading only (none of them writes)', async () => {
    await openForReading();
    const failed: Record<string, string> = {};
    for (const method of readMethods) {
      // (browser mode has no file dialogs: it fails, but not for the project)
      if (method === 'dialogs.pick') continue;
      const outcome = await outcomeOf(method);
      if (!outcome.ok) failed[method] = outcome.message;
    }
    expect(failed).toEqual({});
  });

  it('every other call is refused there, unless it changes something outside the project (so no read is missing from the list)', async () => {
    const succeeded: string[] = [];
    const otherwise: Record<string, string> = {};
    for (const method of apiMethods.filter((m) => !(readMethods as readonly string[]).includes(m) && !OUTSIDE_THE_PROJECT.has(m))) {
      if (!app.currentProject()?.store.readOnly) await openForReading();
      const outcome = await outcomeOf(method);
      if (outcome.ok) succeeded.push(method);
      else if (outcome.message !== READ_ONLY_PROJECT) otherwise[method] = outcome.message;
    }
    expect(succeeded).toEqual([]);
    expect(otherwise).toEqual({});
  });
});

/** Whether another connection holds the file's write lock (a write transaction is open on it). */
function writeLocked(path: string): boolean {
  const connection = new Database(path, { timeout: 0 });
  try {
    connection.exec('BEGIN IMMEDIATE');
    connection.exec('ROLLBACK');
    return false;
  } catch (error) {
    if ((error as { code?: string }).code === 'SQLITE_BUSY') return true;
    throw error;
  } finally {
    connection.close();
  }
}

describe('the calls that only read, while an import holds the project', () => {
  it("each answers while an import's writer thread holds the writes (an edit sent meanwhile waits for it)", async () => {
    await app.closeProject();
    await app.openProject(projectPath);
    const project = app.requireProject();
    // as an import does once its first items are checked: its thread opens the one transaction, and
    // the store's writes queue behind it until it commits or rolls back
    const writer = await importWriter(project);
    expect(writer.where).toBe('thread');
    writer.begin({ person: lead.person, label: 'Import held.jsonl', existing: 'skip', now: new Date().toISOString(), projectDir: project.dir, profile: 'ovo-s-bench', customProfile: null });
    // (its thread has the file's write lock: another connection cannot begin a write)
    await expect.poll(() => writeLocked(projectPath), { timeout: 10_000 }).toBe(true);
    let editAnswered = false;
    const edit = dispatch(createHandlers(app), 'questions.update', { id: fx.choiceId, fields: { text: 'edited meanwhile' } }, lead).then((result) => {
      editAnswered = true;
      return result;
    });
    const waited: string[] = [];
    const failed: Record<string, string> = {};
    for (const method of readMethods) {
      if (method === 'dialogs.pick') continue;
      const outcome = await Promise.race([outcomeOf(method), new Promise<'waited'>((resolve) => setTimeout(() => resolve('waited'), 5_000))]);
      if (outcome === 'waited') waited.push(method);
      else if (!outcome.ok) failed[method] = outcome.message;
    }
    // the import was still holding the writes all along
    expect(editAnswered).toBe(false);
    await writer.abort();
    expect(await edit).toMatchObject({ ok: true });
    expect(waited).toEqual([]);
    expect(failed).toEqual({});
    expect(writeLocked(projectPath)).toBe(false);
  });
});

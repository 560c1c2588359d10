// A valid request for every method of the contract, for the tests that call them all (the blinding
// test, the read-only test): one table, each test giving its own ids and the requests it needs otherwise.
import { join } from 'node:path';
import type { ApiMethod } from '../../../shared/api';
import { BUILTIN_PROFILES } from '../../../shared/profiles';

/** Where the requests point: a folder for files, the project, and items in it. */
export interface RequestPlace {
  dir: string;
  projectPath: string;
  videoId: string;
  /** A question with a query point (`pointId`) and a mark (`markId`) on its video. */
  questionId: string;
  pointId: string;
  markId: string;
  runId: string;
}

export function everyRequest(at: RequestPlace, over: Partial<Record<ApiMethod, unknown>> = {}): Record<ApiMethod, unknown> {
  return {
    'app.info': {},
    'settings.get': {},
    'settings.update': { keymap: {} },
    'projects.recent': {},
    'projects.current': {},
    'projects.create': { path: join(at.dir, 'other.tidemark') },
    'projects.open': { path: at.projectPath },
    'projects.close': {},
    'projects.viewState': {},
    'projects.selectVideo': { videoId: at.videoId },
    'videos.list': {},
    'videos.import': { paths: [join(at.dir, 'nothing.mp4')] },
    'videos.relink': { videoId: at.videoId, path: join(at.dir, 'nothing.mp4') },
    'videos.remove': { videoId: at.videoId },
    'videos.saveView': { videoId: at.videoId, position: 1, viewStart: 0, pxPerSec: 10 },
    'thumbnails.get': { videoId: at.videoId },
    'thumbnails.generate': { videoId: at.videoId },
    'jobs.list': {},
    'jobs.cancel': { jobId: 'none' },
    'dialogs.pick': { kind: 'openProject' },
    'profiles.list': {},
    'profiles.create': { name: 'Mine' },
    'profiles.update': { id: 'builtin:vcbench', definition: BUILTIN_PROFILES[1] },
    'profiles.remove': { id: 'builtin:vcbench' },
    'annotations.load': { videoId: at.videoId },
    'marks.create': { videoId: at.videoId, marks: [{ type: 'event', start: 1, end: null, target: 'x', data: {} }] },
    'marks.update': { changes: [{ id: at.markId, start: 2 }] },
    'marks.remove': { ids: [at.markId] },
    'captions.fill': { videoId: at.videoId, target: 't', from: 0, to: 2, text: 'x' },
    'captions.mergeRuns': { videoId: at.videoId, target: 't' },
    'questions.create': { videoId: at.videoId, fields: { profileId: 'builtin:ovo-s-bench' } },
    'questions.update': { id: at.questionId, fields: { text: 'changed' } },
    'questions.remove': { id: at.questionId },
    'queryPoints.create': { questionId: at.questionId, fields: { time: 3 } },
    'queryPoints.update': { id: at.pointId, fields: { time: 13 } },
    'queryPoints.remove': { id: at.pointId },
    'edits.undo': {},
    'edits.redo': {},
    'edits.history': {},
    'exchange.formats': {},
    'exchange.import': { path: join(at.dir, 'x.jsonl'), format: 'tidemark-jsonl' },
    'exchange.export': { path: join(at.dir, 'out.jsonl'), format: 'tidemark-jsonl' },
    'exchange.readiness': { format: 'ovo-s-bench' },
    'exchange.stats': {},
    'people.list': {},
    'people.save': { name: 'Rita', roles: ['lead'] },
    'people.remove': { name: 'Ann' },
    'people.setPassphrase': { passphrase: 'a passphrase of mine', current: null },
    'guidelines.list': {},
    'guidelines.add': { version: 'v2' },
    'rounds.list': {},
    'rounds.preview': { selection: {} },
    'rounds.open': { name: 'R2', selection: {}, reviewers: ['Rita'] },
    'rounds.close': { round: 1 },
    'reviews.queue': {},
    'reviews.context': { questionId: at.questionId },
    'reviews.submit': { questionId: at.questionId, round: 1, answers: [], verdict: 'reject' },
    'adjudication.queue': {},
    'adjudication.decide': { questionId: at.questionId, round: 1, decision: 'keep-author' },
    'agreement.report': {},
    'packages.export': { round: 1, reviewer: 'Rita', path: join(at.dir, 'pkg.tidemark') },
    'packages.import': { path: join(at.dir, 'pkg.tidemark') },
    'drafting.endpoint': {},
    'drafting.configure': { baseURL: 'http://127.0.0.1:9/v1' },
    'drafting.setKey': { key: 'sk-test' },
    'drafting.testConnection': {},
    'drafting.estimate': { what: 'captions', videoId: at.videoId, target: 'caption-task', task: 'What happens?' },
    'drafting.start': { what: 'captions', videoId: at.videoId, target: 'caption-task', task: 'What happens?' },
    'drafting.probeEstimate': {},
    'drafting.probe': {},
    'drafts.list': {},
    'drafts.decide': { ids: ['x'], decision: 'accept' },
    'drafts.edit': { id: 'x', text: 'x' },
    'drafts.stats': {},
    'runs.list': {},
    'runs.import': { path: join(at.dir, 'nothing.jsonl') },
    'runs.remove': { runId: 'x' },
    'runs.responses': { runId: at.runId, videoId: at.videoId },
    'runs.score': { profileId: 'builtin:ovo-s-bench' },
    'runs.replay': { runId: at.runId, videoId: at.videoId },
    'runs.early': {},
    'runs.judgeEstimate': { profileId: 'builtin:phostream' },
    'runs.judge': { profileId: 'builtin:phostream' },
    'runs.judgeCheck': { profileId: 'builtin:phostream' },
    'runs.judgeAsPerson': { key: 'x', score: 3 },
    'runs.judgeAgreement': { profileId: 'builtin:phostream' },
    ...over,
  };
}

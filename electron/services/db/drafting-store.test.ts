// The draft store on both engines, through its interface (DraftStore, and DraftWrites inside an edit).
import { describe, expect, it } from 'vitest';
import { draftProvenanceSchema, type Draft } from '../../../shared/drafting/drafts';
import type { Project } from '../projects/project';
import { newLocaleProjectEachTest } from '../test-support/postgres-locale';
import { ENGINES, insertTestVideo, newProjectEachTest } from '../test-support/project';

let v1: string;
let v2: string;

const provenance = draftProvenanceSchema.parse({
  model: 'm',
  host: 'h',
  promptTemplate: 'dense-caption',
  promptVersion: 1,
  policy: 'sw',
  k: 2,
  frameTimes: [0, 1],
  inputTokens: 10,
  outputTokens: 3,
  costUsd: 0.01,
  latencyMs: 5,
  raw: '{"caption":"a cat"}',
  error: null,
  drafted: 'a cat',
  history: ['summary'],
});

function draft(id: string, fields: Partial<Draft> = {}): Draft {
  return { id, videoId: v1, kind: 'caption', target: 'task', at: 0, madeId: `m-${id}`, status: 'draft', provenance, createdAt: '2026-01-01T00:00:00Z', decidedBy: null, decidedAt: null, ...fields };
}

/** The drafts' order, as SQLite's index on (video_id, kind, target, at) and its binary text order give it. */
async function textInByteOrder(project: Project): Promise<void> {
  const upper = await insertTestVideo(project, { id: 'V-b', name: 'c.mp4', relPath: 'c.mp4' });
  const lower = await insertTestVideo(project, { id: 'v-a', name: 'd.mp4', relPath: 'd.mp4' });
  const tie = { videoId: lower, target: 'alpha', at: 3 };
  await project.edit('ann', 'Draft', async (w) => {
    await w.drafting.add(draft('alpha', { videoId: upper, target: 'alpha' }));
    await w.drafting.add(draft('Zeta', { videoId: upper, target: 'Zeta' }));
    await w.drafting.add(draft('_x', { videoId: upper, target: '_x' }));
    for (const id of ['t2', 't1', 't3']) await w.drafting.add(draft(id, tie));
  });
  // deciding t2 rewrites its row: it keeps its place among the ties
  await project.edit('Lee', 'Accept', async (w) => w.drafting.put({ ...(await w.drafting.get('t2'))!, status: 'accepted', decidedBy: 'Lee' }));
  // `V` (0x56) before `v`, `Z` (0x5a) before `_` (0x5f) before `a`: no locale's rules
  expect((await project.stores.drafting.list({ videoId: null, kind: 'caption' })).map((d) => d.id)).toEqual(['Zeta', '_x', 'alpha', 't2', 't1', 't3']);
  expect((await project.stores.drafting.ofTarget(lower, 'caption', 'alpha')).map((d) => d.id)).toEqual(['t2', 't1', 't3']);
}

describe.each(ENGINES)('the draft store (%s)', (engine) => {
  let project: Project;
  newProjectEachTest(async (p) => {
    project = p;
    v1 = await insertTestVideo(project, { name: 'a.mp4', relPath: 'a.mp4' });
    v2 = await insertTestVideo(project, { name: 'b.mp4', relPath: 'b.mp4' });
  }, engine);

  it('adds drafts and reads them back as typed values: by id, by target (time, then when made), and filtered by video and kind', async () => {
    const later = draft('later', { at: 2 });
    const second = draft('second', { at: 1, createdAt: '2026-01-02T00:00:00Z' });
    const first = draft('first', { at: 1 });
    const event = draft('event', { kind: 'event', target: 'knocks', at: 5 });
    const elsewhere = draft('elsewhere', { videoId: v2 });
    await project.edit('ann', 'Draft', async (w) => {
      for (const d of [later, second, first, event, elsewhere]) await w.drafting.add(d);
    });
    const store = project.stores.drafting;
    expect(await store.get('first')).toEqual(first);
    expect(await store.get('nowhere')).toBeNull();
    expect((await store.ofTarget(v1, 'caption', 'task')).map((d) => d.id)).toEqual(['first', 'second', 'later']);
    expect(await store.ofTarget(v1, 'event', 'task')).toEqual([]);
    expect((await store.list({ videoId: v1, kind: null })).map((d) => d.id)).toEqual(['first', 'second', 'later', 'event']);
    expect((await store.list({ videoId: null, kind: 'caption' })).map((d) => d.id).sort()).toEqual(['elsewhere', 'first', 'later', 'second']);
    expect(await store.list({ videoId: null, kind: null })).toHaveLength(5);
  });

  it('lists text in binary order (ids, kinds, targets), ties in the order the drafts were added even once decided', () => textInByteOrder(project));

  it('says whether a time has a draft that did not fail', async () => {
    await project.edit('ann', 'Draft', async (w) => {
      await w.drafting.add(draft('ok', { at: 1 }));
      await w.drafting.add(draft('failed', { at: 2, status: 'failed', madeId: null }));
      await w.drafting.add(draft('empty', { at: 3, status: 'empty', madeId: null }));
    });
    const store = project.stores.drafting;
    expect(await store.draftedAt(v1, 'caption', 'task', 1)).toBe(true);
    expect(await store.draftedAt(v1, 'caption', 'task', 2)).toBe(false);
    expect(await store.draftedAt(v1, 'caption', 'task', 3)).toBe(true);
    expect(await store.draftedAt(v1, 'caption', 'other', 1)).toBe(false);
    expect(await store.draftedAt(v2, 'caption', 'task', 1)).toBe(false);
  });

  it("lists the marks undecided drafts made (not a question's, not a decided one's); every drafted mark of a video (blinding's) is given", async () => {
    await project.edit('ann', 'Draft', async (w) => {
      await w.drafting.add(draft('caption'));
      await w.drafting.add(draft('event', { kind: 'event', target: 'knocks' }));
      await w.drafting.add(draft('question', { kind: 'question', target: 'profile' }));
      await w.drafting.add(draft('accepted', { status: 'accepted' }));
      await w.drafting.add(draft('failed', { status: 'failed', madeId: null }));
      await w.drafting.add(draft('other', { videoId: v2 }));
    });
    expect([...(await project.stores.drafting.undecidedMarks())].sort()).toEqual(['m-caption', 'm-event', 'm-other']);
    expect([...(await project.stores.drafting.draftedMarksOfVideo(v1))].sort()).toEqual(['m-accepted', 'm-caption', 'm-event']);
  });

  it('puts a decision and removes a video’s drafts, each an undoable edit; reads inside an edit see its writes', async () => {
    const d = draft('d');
    await project.edit('ann', 'Draft', async (w) => {
      await w.drafting.add(d);
      await w.drafting.add(draft('e', { videoId: v2 }));
      expect(await w.drafting.get('d')).toEqual(d);
      expect(await project.stores.drafting.get('d')).toBeNull();
    });
    const accepted: Draft = { ...d, status: 'accepted', decidedBy: 'Lee', decidedAt: '2026-01-03T00:00:00Z' };
    await project.edit('Lee', 'Accept', (w) => w.drafting.put(accepted));
    expect(await project.stores.drafting.get('d')).toEqual(accepted);
    await project.store.undo('Lee');
    expect(await project.stores.drafting.get('d')).toEqual(d);

    await project.edit('ann', 'Remove drafts', (w) => w.drafting.removeOfVideo(v1));
    expect((await project.stores.drafting.list({ videoId: null, kind: null })).map((x) => x.id)).toEqual(['e']);
    await project.store.undo('ann');
    expect(await project.stores.drafting.get('d')).toEqual(d);
  });
});

describe('the draft store on a database that orders text by a language (ICU en-US)', () => {
  let project: Project;
  newLocaleProjectEachTest((p) => void (project = p));

  it('still lists text in binary order', () => textInByteOrder(project));
});

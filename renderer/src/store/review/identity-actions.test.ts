import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppInfo } from '../../../../shared/api';
import { emit, on } from '../effects';
import { getState, initialState, setState } from '../store';
import { point, question, state } from '../test-support/fixtures';
import { holdPendingEdit } from '../ui/pending-edits';
import { keepDraftsInMemory } from '../ui/kept-drafts';

const calls: string[] = [];
let answers: Record<string, unknown> = {};
vi.mock('../../api/client', () => ({
  beginSession: () => void calls.push('(new session)'),
  call: async (method: string) => {
    calls.push(method);
    return answers[method];
  },
}));
const { setIdentity } = await import('./identity-actions');
const { openQueueItem, setDraftAnswer, setReviewNotes } = await import('./blind-review-actions');
const { registerReview } = await import('./register');
registerReview();

const SENTINEL = 'author-sentinel-4471';
const info = (person: string, role: string): AppInfo =>
  ({ version: '0', mode: 'browser', nativeDialogs: false, dataDir: '/d', caller: { person, role }, ffmpeg: { source: 'bundled', ffmpeg: 'f', ffprobe: 'p' } }) as AppInfo;
const project = { path: '/p.tidemark', name: 'p', schemaVersion: 6, videoCount: 1 };
const q = question('q', 'p', { answerKind: 'text', text: 'What colour?' });
const seen: string[] = [];
on('projectChanged', () => void seen.push('project read again'));
on('selectVideo', (videoId) => void setState({ selectedVideoId: videoId, questions: [q], queryPoints: [point('p1', 'q', 5)] }));

describe('switching person', () => {
  beforeEach(() => {
    calls.length = 0;
    seen.length = 0;
    keepDraftsInMemory();
    answers = { 'settings.update': {}, 'reviews.context': { questionId: 'q', mine: null, authorAnswers: null, otherReviews: [], decision: null, rounds: [1] }, 'rounds.list': [] };
  });

  it('forgets everything read as the previous person, in every slice, then reads the project again as the new one', async () => {
    // a researcher's screen: run lanes with the author's answer, a picked response, the questions, a report
    setState(
      state({
        info: info('Res', 'researcher'),
        project,
        keymap: { play: ['p'] },
        questions: [question('q', 'p', { text: SENTINEL })],
        queryPoints: [point('p1', 'q', 5, { answer: SENTINEL })],
        runReplay: { run: [{ answer: SENTINEL }] } as never,
        runResponses: { run: [{ text: SENTINEL }] } as never,
        selectedResponseId: SENTINEL,
        selectedQuestionId: 'q',
        reviewContext: { authorAnswers: [{ answer: SENTINEL }] } as never,
        agreementReport: { note: SENTINEL } as never,
        runsEarly: [{ text: SENTINEL }] as never,
        overlay: 'runs',
        error: SENTINEL,
      }),
    );
    answers['app.info'] = info('Rita', 'reviewer');
    expect(await setIdentity('Rita', 'reviewer')).toBe(true);
    expect(calls.slice(0, 3)).toEqual(['settings.update', '(new session)', 'app.info']);
    expect(JSON.stringify(getState())).not.toContain(SENTINEL);
    const { info: now, session, status, ...rest } = getState();
    expect(now?.caller).toEqual({ person: 'Rita', role: 'reviewer' });
    expect(session).toBe(1);
    expect(status).toBe('You are Rita (reviewer)');
    // only what no service answers by caller is kept: the project, its videos, the key bindings
    const { info: _i, session: _s, status: _t, ...initial } = initialState;
    expect(rest).toEqual({ ...initial, project, videos: state().videos, keymap: { play: ['p'] } });
    await vi.waitFor(() => expect(seen).toEqual(['project read again']));
  });

  it('what was typed is saved as the person who typed it, before the switch', async () => {
    setState(state({ info: info('Ann', 'annotator'), project }));
    holdPendingEdit(() => void calls.push('questions.update (typed text)'));
    answers['app.info'] = info('Rita', 'reviewer');
    await setIdentity('Rita', 'reviewer');
    expect(calls.indexOf('questions.update (typed text)')).toBeLessThan(calls.indexOf('settings.update'));
  });

  it('a half-written review is kept for its reviewer and comes back when they open the item again', async () => {
    setState(state({ info: info('Rita', 'reviewer'), project, selectedVideoId: null }));
    await openQueueItem({ questionId: 'q', videoId: 'v1', round: 1 });
    setDraftAnswer('p1', 'blue');
    setReviewNotes('half a thought');
    answers['app.info'] = info('Lee', 'lead');
    await setIdentity('Lee', 'lead');
    expect(getState().reviewDraft).toBeNull();
    // another person opening the same item starts empty
    setState({ selectedVideoId: null });
    await openQueueItem({ questionId: 'q', videoId: 'v1', round: 1 });
    expect(getState().reviewDraft?.notes).toBe('');
    answers['app.info'] = info('Rita', 'reviewer');
    await setIdentity('Rita', 'reviewer');
    setState({ selectedVideoId: null });
    await openQueueItem({ questionId: 'q', videoId: 'v1', round: 1 });
    expect(getState().reviewDraft).toMatchObject({ notes: 'half a thought', answers: { p1: { answer: 'blue' } } });
    await emit('projectChanged');
  });
});

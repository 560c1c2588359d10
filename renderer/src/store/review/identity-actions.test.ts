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
/** What the transport answers a sign-in: accepted unless a refusal is set. */
let signInRefusal: { code: string; message: string } | null = null;
vi.mock('../../api/session', () => ({
  signOut: async () => (calls.push('session.signOut'), { ok: true, value: null }),
  signIn: async (person: string, role: string, passphrase?: string) => {
    calls.push(`session.signIn ${person} ${role}${passphrase ? ` with ${passphrase}` : ''}`);
    return signInRefusal ? { ok: false, error: signInRefusal } : { ok: true, value: { caller: { person, role } } };
  },
}));
const { switchPerson } = await import('./identity-actions');
const { ApiCallError } = await import('../../api/call-error');
const { guarded } = await import('../guarded');
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
    signInRefusal = null;
    answers = { 'reviews.context': { questionId: 'q', mine: null, authorAnswers: null, otherReviews: [], decision: null, rounds: [1] }, 'rounds.list': [] };
  });

  it('forgets everything read as the previous person, in every slice, then reads the project again as the new one', async () => {
    // a researcher's screen: run lanes with the author's answer, a picked response, the questions, a report
    setState(
      state({
        info: info('Res', 'researcher'),
        project,
        keymap: { play: ['p'] },
        live: 'live',
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
    expect(await switchPerson('Rita', 'reviewer')).toEqual({ ok: true });
    expect(calls.slice(0, 3)).toEqual(['session.signIn Rita reviewer', '(new session)', 'app.info']);
    expect(JSON.stringify(getState())).not.toContain(SENTINEL);
    const { info: now, session, status, ...rest } = getState();
    expect(now?.caller).toEqual({ person: 'Rita', role: 'reviewer' });
    expect(session).toBe(1);
    expect(status).toBe('You are Rita (reviewer)');
    // only what no service answers by caller is kept: the project, its videos, the key bindings, the page's event stream
    const { info: _i, session: _s, status: _t, ...initial } = initialState;
    expect(rest).toEqual({ ...initial, project, videos: state().videos, keymap: { play: ['p'] }, live: 'live' });
    await vi.waitFor(() => expect(seen).toEqual(['project read again']));
  });

  it('what was typed is saved as the person who typed it, before the switch', async () => {
    setState(state({ info: info('Ann', 'annotator'), project }));
    holdPendingEdit(() => void calls.push('questions.update (typed text)'));
    answers['app.info'] = info('Rita', 'reviewer');
    await switchPerson('Rita', 'reviewer');
    expect(calls.indexOf('questions.update (typed text)')).toBeLessThan(calls.indexOf('session.signIn Rita reviewer'));
  });

  it('a half-written review is kept for its reviewer and comes back when they open the item again', async () => {
    setState(state({ info: info('Rita', 'reviewer'), project, selectedVideoId: null }));
    await openQueueItem({ questionId: 'q', videoId: 'v1', round: 1 });
    setDraftAnswer('p1', 'blue');
    setReviewNotes('half a thought');
    answers['app.info'] = info('Lee', 'lead');
    await switchPerson('Lee', 'lead');
    expect(getState().reviewDraft).toBeNull();
    // another person opening the same item starts empty
    setState({ selectedVideoId: null });
    await openQueueItem({ questionId: 'q', videoId: 'v1', round: 1 });
    expect(getState().reviewDraft?.notes).toBe('');
    answers['app.info'] = info('Rita', 'reviewer');
    await switchPerson('Rita', 'reviewer');
    setState({ selectedVideoId: null });
    await openQueueItem({ questionId: 'q', videoId: 'v1', round: 1 });
    expect(getState().reviewDraft).toMatchObject({ notes: 'half a thought', answers: { p1: { answer: 'blue' } } });
    await emit('projectChanged');
  });
});

describe('signing in as a person who protects their name with a passphrase', () => {
  const refused = { code: 'unauthenticated', message: 'The passphrase does not match Lee’s.' };
  beforeEach(() => {
    calls.length = 0;
    signInRefusal = null;
  });

  it('the passphrase goes with the sign-in', async () => {
    setState(state({ info: info('Ann', 'annotator'), project }));
    answers = { 'app.info': info('Lee', 'lead') };
    expect(await switchPerson(' Lee ', 'lead', 'correct horse battery')).toEqual({ ok: true });
    expect(calls).toContain('session.signIn Lee lead with correct horse battery');
    expect(getState().info?.caller).toEqual({ person: 'Lee', role: 'lead' });
  });

  it('a refusal is the form’s to show; never signed out, still the same person as before, nothing they read is forgotten', async () => {
    setState(state({ info: info('tester', 'lead'), project, questions: [q], session: 3 }));
    signInRefusal = refused;
    answers = { 'app.info': info('tester', 'lead') };
    expect(await switchPerson('Lee', 'lead')).toEqual({ ok: false, ...refused });
    expect(calls).not.toContain('(new session)');
    expect(calls).not.toContain('session.signOut');
    expect(getState()).toMatchObject({ session: 3, questions: [q], info: { caller: { person: 'tester', role: 'lead' } } });
  });

  it('refused while the transport had meanwhile made the session someone else: what was read as the person before is forgotten', async () => {
    setState(state({ info: info('Ann', 'annotator'), project, questions: [question('q', 'p', { text: SENTINEL })], session: 3 }));
    signInRefusal = refused;
    answers = { 'app.info': info('tester', 'lead') };
    expect(await switchPerson('Lee', 'lead', 'wrong')).toEqual({ ok: false, ...refused });
    expect(calls.filter((c) => !c.includes('typed text'))).toEqual(['session.signIn Lee lead with wrong', 'app.info', '(new session)']);
    expect(JSON.stringify(getState())).not.toContain(SENTINEL);
    expect(getState()).toMatchObject({ session: 4, info: { caller: { person: 'tester', role: 'lead' } } });
    await emit('projectChanged');
  });

  it('no name, no sign-out', async () => {
    expect(await switchPerson('  ', 'lead')).toEqual({ ok: false, code: null, message: 'Type your name.' });
    expect(calls.filter((c) => !c.includes('typed text'))).toEqual([]);
  });

  it('a call answered ‘unauthenticated’ opens the identity form with its message, once for however many calls it refused; a sign-in closes it', async () => {
    setState(state({ info: info('Lee', 'lead'), project, signInPrompt: null }));
    const message = 'Lee protects their name with a passphrase: sign in again.';
    const before = getState();
    await guarded(() => Promise.reject(new ApiCallError('unauthenticated', message)));
    expect(getState().signInPrompt).toEqual({ person: 'Lee', message });
    const prompt = getState().signInPrompt;
    await guarded(() => Promise.reject(new ApiCallError('unauthenticated', message)));
    expect(getState().signInPrompt).toBe(prompt);
    // other refusals only say so
    setState({ signInPrompt: null });
    await guarded(() => Promise.reject(new ApiCallError('forbidden', 'Only a lead may do that.')));
    expect(getState()).toMatchObject({ signInPrompt: null, error: 'Only a lead may do that.' });
    setState({ signInPrompt: { person: 'Lee', message } });
    answers = { 'app.info': info('Lee', 'lead') };
    expect(await switchPerson('Lee', 'lead', 'correct horse battery')).toEqual({ ok: true });
    expect(getState()).toMatchObject({ signInPrompt: null, session: before.session + 1 });
    await emit('projectChanged');
  });
});

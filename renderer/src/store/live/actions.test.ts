import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppInfo } from '../../../../shared/contract/app';
import { on } from '../effects';
import { getState, setState } from '../store';
import { state } from '../test-support/fixtures';
import { applyCommitted, startLive, stopLive, type Source } from './actions';

const info = (mode: AppInfo['mode']): AppInfo => ({
  version: 't',
  mode,
  nativeDialogs: false,
  dataDir: '/d',
  caller: { person: 'Rita', role: 'reviewer' },
  ffmpeg: { source: 'bundled', ffmpeg: 'f', ffprobe: 'p' },
});

const seen: string[] = [];
const stops: Array<() => void> = [];
beforeEach(() => {
  seen.length = 0;
  setState(state({ info: info('team') }));
  stops.push(on('editApplied', (summary) => void seen.push(`edit ${summary.tables.join(',')} ${summary.videoIds.join(',')}`)));
  stops.push(on('annotationsChanged', () => void seen.push('reload annotations')));
});
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  stopLive();
});

describe('live updates', () => {
  it("reloads what another person's edit touched: the selected video's annotations only when it is theirs", async () => {
    await applyCommitted(JSON.stringify({ person: 'Ann', tables: ['marks'], videoIds: ['v1'] }));
    await applyCommitted(JSON.stringify({ person: 'Ann', tables: ['marks'], videoIds: ['v2'] }));
    await applyCommitted(JSON.stringify({ person: 'Ann', tables: ['profiles'], videoIds: [] }));
    expect(seen).toEqual(['edit marks v1', 'reload annotations', 'edit marks v2', 'edit profiles ']);
  });

  it('leaves the page’s own edits alone, and ignores what is not an edit', async () => {
    await applyCommitted(JSON.stringify({ person: 'Rita', tables: ['marks'], videoIds: ['v1'] }));
    await applyCommitted('{"person": 3}');
    await applyCommitted('not json');
    expect(seen).toEqual([]);
  });

  it('listens on a team server only, says when the stream is down, and reloads everything once it is back', async () => {
    const opened: string[] = [];
    const fake: Source = { close: () => undefined, onopen: null, onerror: null, onmessage: null };
    setState({ info: info('browser') });
    startLive((url) => (opened.push(url), fake));
    expect(opened).toEqual([]);
    expect(getState().live).toBe('off');
    setState({ info: info('team') });
    startLive((url) => (opened.push(url), fake));
    expect(opened).toEqual(['/events']);
    expect(getState().live).toBe('connecting');
    fake.onopen!.call(fake as never, new Event('open'));
    expect(getState().live).toBe('live');
    expect(seen).toEqual([]);
    fake.onerror!.call(fake as never, new Event('error'));
    expect(getState().live).toBe('reconnecting');
    fake.onopen!.call(fake as never, new Event('open'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(getState().live).toBe('live');
    expect(seen[0]).toMatch(/^edit profiles,videos,marks/);
    expect(seen[1]).toBe('reload annotations');
  });
});

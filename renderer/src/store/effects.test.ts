import { describe, expect, it } from 'vitest';
import { emit, on } from './effects';
import { getState, setState } from './store';

describe('effects', () => {
  it('runs every handler of a hook, the synchronous ones before emit returns, and waits for the rest', async () => {
    const seen: string[] = [];
    const offA = on('videoSelected', (id) => void seen.push(`a:${id}`));
    const offB = on('videoSelected', async (id) => {
      await Promise.resolve();
      seen.push(`b:${id}`);
    });
    const done = emit('videoSelected', 'v1');
    expect(seen).toEqual(['a:v1']);
    await done;
    expect(seen).toEqual(['a:v1', 'b:v1']);
    offA();
    offB();
    await emit('videoSelected', 'v2');
    expect(seen).toHaveLength(2);
  });
  it('reports a failing handler and still runs the others', async () => {
    setState({ error: null });
    let ran = false;
    const offs = [
      on('videosChanged', () => {
        throw new Error('the list could not be read');
      }),
      on('videosChanged', () => void (ran = true)),
    ];
    await emit('videosChanged');
    expect(ran).toBe(true);
    expect(getState().error).toBe('the list could not be read');
    offs.forEach((off) => off());
  });
});

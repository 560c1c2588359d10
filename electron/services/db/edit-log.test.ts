import { describe, expect, it } from 'vitest';
import { Pacer } from '../pacer';
import { logText, type LoggedChange } from './edit-log';

describe('logText', () => {
  it('is JSON.stringify of the changes, made a slice at a time', async () => {
    const changes: LoggedChange[] = [
      { table: 'profiles', key: 'p', before: null, after: { id: 'p', name: 'P "quoted"', builtin: 0 } },
      { table: 'questions', columns: ['id', 'fields'], inserted: Array.from({ length: 25_001 }, (_, i) => [`q${i}`, i * 7919] as [string, number]) },
      { table: 'query_points', columns: ['id'], inserted: [] },
      { table: 'marks', key: 'm', before: { id: 'm', start: 1.5, end: null }, after: null },
    ];
    expect(await logText(changes, new Pacer())).toBe(JSON.stringify(changes));
    expect(await logText([], new Pacer())).toBe('[]');
  });
});

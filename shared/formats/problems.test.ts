import { describe, expect, it } from 'vitest';
import { fieldPath } from './problems';

describe('located problems', () => {
  it('names fields the way people read them', () => {
    expect(fieldPath(['query_points', 'time', 2])).toBe('query_points.time[2]');
    expect(fieldPath([3, 'user_query'])).toBe('[3].user_query');
  });
});

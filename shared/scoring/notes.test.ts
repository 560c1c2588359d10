import { describe, expect, it } from 'vitest';
import { Notes } from './notes';

describe('notes', () => {
  it('says each fixed note once and each counted note once with its total', () => {
    const notes = new Notes();
    notes.add('a');
    notes.add('a');
    notes.add(null);
    notes.count('k', (n) => `${n} things`);
    notes.count('k', (n) => `${n} things`, 2);
    expect(notes.list()).toEqual(['a', '3 things']);
  });
});

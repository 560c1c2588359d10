import { describe, expect, it } from 'vitest';
import { question, state, video } from '../test-support/fixtures';
import { countWithheld, timelineBounds } from './selectors';

describe('timeline selectors', () => {
  it('gives bounds only with a video and a measured width', () => {
    expect(timelineBounds(state())).toBeNull();
    expect(timelineBounds(state({ timelineWidth: 800, selectedVideoId: null }))).toBeNull();
    expect(timelineBounds(state({ timelineWidth: 800 }))).toEqual({ duration: 20, fps: 25, width: 800 });
    // a placeholder (its file not found) has no length to draw
    expect(timelineBounds(state({ timelineWidth: 800, videos: [{ ...video, duration: null }] }))).toBeNull();
  });

  it('says the selected counting question’s count is withheld when the services withhold its answer (blind review)', () => {
    const counted = question('c', 'vcbench', { answerKind: 'number', counting: { subcategory: 'E1-Transit', target: 'cuts', windowSeconds: null } });
    const plain = question('t', 'p');
    const questions = [counted, plain];
    expect(countWithheld(state({ questions, selectedQuestionId: 'c', withheld: ['c'] }))).toBe(true);
    // its answer shown: the line is drawn from the marks
    expect(countWithheld(state({ questions, selectedQuestionId: 'c', withheld: ['t'] }))).toBe(false);
    // no counting question selected: no count line at all
    expect(countWithheld(state({ questions, selectedQuestionId: 't', withheld: ['t'] }))).toBe(false);
    expect(countWithheld(state({ questions, selectedQuestionId: null, withheld: ['c'] }))).toBe(false);
  });
});

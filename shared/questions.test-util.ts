// A stored question for tests: the domain's defaults for every field a test does not care about.
import { itemQuestion } from './formats/items';
import type { Question } from './questions';

export const testQuestion = (over: Partial<Question> = {}): Question => ({
  ...itemQuestion({}),
  id: 'q',
  videoId: 'v',
  profileId: 'p',
  provenance: {},
  createdBy: 'a',
  updatedAt: 'now',
  ...over,
});

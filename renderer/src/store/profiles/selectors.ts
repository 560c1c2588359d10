// Pure selectors of the profiles slice.
import type { Profile } from '../../../../shared/profiles';
import type { Question } from '../../../../shared/questions';
import type { State } from '../store';

export const profileOf = (s: State, question: Pick<Question, 'profileId'> | null): Profile | null => (question ? (s.profiles.find((p) => p.id === question.profileId) ?? null) : null);

/** The profile new questions get: the one chosen in the panel, else the first. */
export const newQuestionProfile = (s: State): string | null => (s.profiles.some((p) => p.id === s.newQuestionProfileId) ? s.newQuestionProfileId : (s.profiles[0]?.id ?? null));

// The project's benchmark profiles, the one new questions get, and the profile editor's error.
import type { Profile } from '../../../../shared/profiles';

export interface ProfilesState {
  profiles: Profile[];
  /** The profile the next new question gets (chosen above the questions list). */
  newQuestionProfileId: string | null;
  /** Why the last profile edit was refused, shown in the profiles overlay. */
  profileError: string | null;
}

export const initialProfilesState: ProfilesState = { profiles: [], newQuestionProfileId: null, profileError: null };

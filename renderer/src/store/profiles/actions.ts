// Benchmark profiles: listing them, saving a custom one, copying one into a custom profile. Saved
// edits are undoable like any other.
import type { ProfileDefinition } from '../../../../shared/profiles';
import { call } from '../../api/client';
import { on } from '../effects';
import { errorMessage, guarded } from '../guarded';
import { getState, setState } from '../store';

async function loadProfiles(): Promise<void> {
  setState({ profiles: await call('profiles.list') });
}

/** Saves a custom profile; a refusal is shown in the profiles overlay. */
export async function saveProfile(id: string, definition: ProfileDefinition): Promise<boolean> {
  try {
    await call('profiles.update', { id, definition });
    await loadProfiles();
    setState({ profileError: null, status: `Saved profile ${definition.name}` });
    return true;
  } catch (error) {
    setState({ profileError: errorMessage(error) });
    return false;
  }
}

/** Copies a profile into a new custom one, which new questions then get; returns its id. */
export async function copyProfile(name: string, copyOf: string): Promise<string | null> {
  try {
    const created = await call('profiles.create', { name, copyOf });
    await loadProfiles();
    setState({ newQuestionProfileId: created.id, profileError: null });
    return created.id;
  } catch (error) {
    setState({ profileError: errorMessage(error) });
    return null;
  }
}

export function showProfileError(message: string | null): void {
  setState({ profileError: message });
}

export function chooseNewQuestionProfile(id: string): void {
  setState({ newQuestionProfileId: id });
}

export function registerProfiles(): void {
  on('profilesChanged', () => guarded(loadProfiles));
  on('editApplied', (summary) => (summary.tables.includes('profiles') ? guarded(loadProfiles) : undefined));
  on('overlayClosed', (overlay) => {
    if (overlay === 'profiles' && getState().profileError) setState({ profileError: null });
  });
}

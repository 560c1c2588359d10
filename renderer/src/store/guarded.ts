// Errors no dialog owns go to the banner rather than being lost. An answer meant for the person
// before a switch is dropped without a word: the new person's reads follow. Every error becomes a
// message here, so a call refused until the person signs in again opens the sign-in form here too.
import { ApiCallError } from '../api/call-error';
import { SupersededError } from '../api/superseded';
import { getState, setState } from './store';

const superseded = (error: unknown): boolean => error instanceof SupersededError;

export function errorMessage(error: unknown): string {
  if (error instanceof ApiCallError && error.code === 'unauthenticated') askToSignIn(error.message);
  return error instanceof Error ? error.message : String(error);
}

/** The identity form opens for the person signed in, with the refusal's message (once, however many calls it refused). */
function askToSignIn(message: string): void {
  const person = getState().info?.caller.person;
  if (!person || getState().signInPrompt?.message === message) return;
  setState({ signInPrompt: { person, message } });
}

/** Shows an error in the banner. */
export function report(error: unknown): void {
  setState({ error: errorMessage(error) });
}

/** Runs an action; a failure is reported and yields undefined. */
export async function guarded<T>(work: () => Promise<T>): Promise<T | undefined> {
  try {
    return await work();
  } catch (error) {
    if (!superseded(error)) report(error);
    return undefined;
  }
}

/** Runs a call whose failure belongs to a dialog: its message goes to that dialog's own line; undefined then. */
export async function guardedFor<T>(showError: (message: string) => void, work: () => Promise<T>): Promise<T | undefined> {
  try {
    return await work();
  } catch (error) {
    if (!superseded(error)) showError(errorMessage(error));
    return undefined;
  }
}

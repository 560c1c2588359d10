import { setState } from './store';

/** Shows an error in the status bar rather than losing it. */
export function report(error: unknown): void {
  setState({ error: error instanceof Error ? error.message : String(error) });
}

/** Runs an action; a failure is reported and yields undefined. */
export async function guarded<T>(work: () => Promise<T>): Promise<T | undefined> {
  try {
    return await work();
  } catch (error) {
    report(error);
    return undefined;
  }
}

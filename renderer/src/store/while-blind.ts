// Reads the services refuse while the caller is blind — working as a reviewer, or with items waiting
// for their blind review in an open round, whatever role they work in: there is nothing to show,
// and nothing went wrong, so the read yields its empty value instead of an error in the banner.
import { ApiCallError } from '../api/client';

export async function emptyWhileBlind<T>(read: () => Promise<T>, empty: T): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof ApiCallError && error.code === 'forbidden') return empty;
    throw error;
  }
}

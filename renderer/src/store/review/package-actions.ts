// Review packages for people without a shared server: a reviewer's assignment exported as a project
// file without the authors' answers, and the reviews they return imported (twice changes nothing).
import { call } from '../../api/client';
import { getState, setState } from '../store';
import { inReview, loadRounds } from './actions';

/** A path from the desktop app's file dialog (null when cancelled, or in browser mode, where paths are typed). */
export async function choosePackagePath(kind: 'export' | 'import'): Promise<string | null> {
  if (!getState().info?.nativeDialogs) return null;
  // a package is a project file: the project dialogs fit it
  const result = await inReview(() => call('dialogs.pick', { kind: kind === 'export' ? 'reviewPackageSave' : 'reviewPackageOpen' }));
  return result?.paths[0] ?? null;
}

/** Writes a reviewer's package: always a new file (the services refuse to replace one). */
export async function exportPackage(round: number, reviewer: string, path: string): Promise<void> {
  if (!path.trim()) {
    setState({ reviewError: 'Type the path of the package file to write.' });
    return;
  }
  setState({ packageExported: null, reviewBusy: true });
  const written = await inReview(() => call('packages.export', { round, reviewer, path: path.trim() }));
  setState({ reviewBusy: false, ...(written ? { packageExported: written, reviewError: null } : {}) });
}

export async function importPackage(path: string): Promise<void> {
  if (!path.trim()) {
    setState({ reviewError: 'Type the path of the returned package.' });
    return;
  }
  setState({ packageImported: null, reviewBusy: true });
  const outcome = await inReview(() => call('packages.import', { path: path.trim() }));
  setState({ reviewBusy: false, ...(outcome ? { packageImported: outcome, reviewError: null } : {}) });
  if (outcome) await loadRounds();
}

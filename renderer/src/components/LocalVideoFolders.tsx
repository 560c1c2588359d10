// The start screen's "Local video folders" (desktop only): folders on this computer holding copies of
// a team server's videos. A team window plays such a copy instead of streaming the video when its
// content fingerprint matches (electron/main/local-copies.ts); nothing is uploaded or changed.
import { useEffect, useState } from 'react';
import type { AppMode } from '../../../shared/contract/app';
import { call } from '../api/client';

export function LocalVideoFolders({ mode }: { mode: AppMode | undefined }): React.JSX.Element | null {
  const desktop = mode === 'desktop';
  const [folders, setFolders] = useState<string[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!desktop) return;
    let live = true;
    call('settings.get').then(
      (settings) => live && setFolders(settings.localVideoFolders),
      (error: unknown) => live && setProblem(error instanceof Error ? error.message : String(error)),
    );
    return () => {
      live = false;
    };
  }, [desktop]);

  if (!desktop) return null;

  /** Saves the list (the settings store keeps each folder once) and shows what was saved. */
  const change = async (next: () => Promise<string[] | null>): Promise<void> => {
    setBusy(true);
    setProblem(null);
    try {
      const list = await next();
      if (list) setFolders((await call('settings.update', { localVideoFolders: list })).localVideoFolders);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };
  const add = (): Promise<void> =>
    change(async () => {
      const { paths } = await call('dialogs.pick', { kind: 'localVideoFolder' });
      return paths.length > 0 ? [...folders, ...paths] : null;
    });
  const remove = (folder: string): Promise<void> => change(async () => folders.filter((f) => f !== folder));

  return (
    <section data-testid="local-folders">
      <h2>Local video folders</h2>
      <p className="hint">
        A team server’s video plays from these folders when one holds a file with the same content (matched by fingerprint, wherever it is and whatever its name); any other video streams from the
        server.
      </p>
      {folders.length > 0 && (
        <ul className="recent" data-testid="local-folders-list">
          {folders.map((folder) => (
            <li key={folder}>
              <code>{folder}</code>
              <button type="button" disabled={busy} onClick={() => void remove(folder)}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="actions">
        <button type="button" disabled={busy} onClick={() => void add()} data-testid="local-folders-add">
          Add a folder…
        </button>
      </div>
      {problem && (
        <p className="error" role="alert">
          {problem}
        </p>
      )}
    </section>
  );
}

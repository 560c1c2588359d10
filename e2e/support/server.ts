// Starts Tidemark's browser mode (the built dist/server/web.mjs) on a free 127.0.0.1 port with a
// throwaway data folder, and stops it again.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface RunningTidemark {
  url: string;
  dataDir: string;
  process: ChildProcess;
  /** Stops the server (SIGTERM, or SIGKILL to simulate a crash). */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

export async function startTidemark(options: { dataDir?: string; askIdentity?: boolean } = {}): Promise<RunningTidemark> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'tidemark-e2e-'));
  // tests act as a lead who has already said who they are, unless a test asks for the first-start question
  const settings = join(dataDir, 'settings.json');
  if (!existsSync(settings) && !options.askIdentity) writeFileSync(settings, JSON.stringify({ personName: 'tester', role: 'lead', ffmpegSource: 'bundled', keymap: {}, identityChosen: true }));
  const child = spawn(process.execPath, [join(root, 'dist/server/web.mjs'), '--port', '0', '--data-dir', dataDir], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const url = await new Promise<string>((resolveUrl, reject) => {
    const timer = setTimeout(() => reject(new Error(`Tidemark did not start:\n${output}`)), 30_000);
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      const match = /Open: (http:\/\/127\.0\.0\.1:\d+\/\?token=\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolveUrl(match[1]);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`Tidemark exited (${code}):\n${output}`)));
  });
  const stop = async (signal: NodeJS.Signals = 'SIGTERM'): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((done) => child.once('exit', () => done()));
    child.kill(signal);
    await exited;
  };
  return { url, dataDir, process: child, stop };
}

export function removeDir(path: string): void {
  rmSync(path, { recursive: true, force: true });
}

// The CLI's caller is the configured person (--as, or settings.json): a person who protects their
// name with a passphrase in the project must give it in TIDEMARK_PASSPHRASE.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Project } from '../services/projects/project';
import { setPassphrase } from '../services/review/people';
import { tempDir } from '../services/test-support/fixtures';
import { ann, populateForReview } from '../services/test-support/review';
import { runCli } from './cli';

const home = tempDir();
const path = join(home.path, 'guarded.tidemark');
const dataDir = join(home.path, 'data');

beforeAll(async () => {
  const project = await Project.open(path, { create: true, name: 'Guarded' });
  await populateForReview(project);
  await setPassphrase(project, ann, 'anns passphrase', null);
  await project.close();
  mkdirSync(dataDir, { recursive: true });
  // this machine's last person is Ann (as an older settings file names her)
  writeFileSync(join(dataDir, 'settings.json'), JSON.stringify({ personName: 'Ann', role: 'annotator', ffmpegSource: 'bundled', identityChosen: true }));
}, 60_000);

afterAll(() => home.remove());

async function run(env: Record<string, string>, ...argv: string[]): Promise<{ code: number; out: string[]; err: string[] }> {
  const out: string[] = [];
  const err: string[] = [];
  const { TIDEMARK_PASSPHRASE: _inherited, ...rest } = process.env;
  const code = await runCli(argv, { out: (l) => out.push(l), err: (l) => err.push(l), env: { ...rest, TIDEMARK_DATA_DIR: dataDir, ...env } });
  return { code, out, err };
}

describe('a protected name on the command line', () => {
  it('needs TIDEMARK_PASSPHRASE, and the right one', async () => {
    const missing = await run({}, 'stats', '--project', path, '--as', 'Ann');
    expect(missing.code).toBe(1);
    expect(missing.err).toEqual(['tidemark: Ann protects their name with a passphrase in this project: give it in the environment variable TIDEMARK_PASSPHRASE.']);
    const wrong = await run({ TIDEMARK_PASSPHRASE: 'not hers' }, 'stats', '--project', path, '--as', 'Ann');
    expect(wrong.code).toBe(1);
    expect(wrong.err).toEqual(["tidemark: TIDEMARK_PASSPHRASE is not Ann's passphrase in this project."]);
    expect((await run({ TIDEMARK_PASSPHRASE: 'anns passphrase' }, 'stats', '--project', path, '--as', 'Ann')).code).toBe(0);
  });

  it('asks it of the settings’ person too, and of no one without a passphrase', async () => {
    expect((await run({}, 'stats', '--project', path)).code).toBe(1);
    expect((await run({ TIDEMARK_PASSPHRASE: 'anns passphrase' }, 'stats', '--project', path)).code).toBe(0);
    expect((await run({}, 'stats', '--project', path, '--as', 'Lee')).code).toBe(0);
  });

  it('asks it of an import into the project', async () => {
    const file = join(home.path, 'empty.jsonl');
    writeFileSync(file, '');
    const imported = await run({}, 'import', file, '--format', 'tidemark', '--project', path, '--as', 'Ann');
    expect(imported.code).toBe(1);
    expect(imported.err.join('\n')).toMatch(/TIDEMARK_PASSPHRASE/);
  });
});

import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module of the build scripts, without types
import { WORKERS, workerDefines } from './workers.mjs';

describe('bundled worker threads', () => {
  it('carry all their code but Node built-ins, and take better-sqlite3 from their parent', async () => {
    const defines = (await workerDefines(join(__dirname, '..'))) as { __TIDEMARK_WORKERS__: string };
    const sources = JSON.parse(defines.__TIDEMARK_WORKERS__) as Record<string, string>;
    expect(Object.keys(sources).sort()).toEqual(Object.keys(WORKERS as object).sort());
    for (const source of Object.values(sources)) {
      // a worker runs from source text, with no node_modules beside it (in a packaged app, an asar archive)
      const required = [...source.matchAll(/\brequire\(\s*["'`]([^"'`]+)["'`]\s*\)/g)].map((m) => m[1]!);
      const builtin = (name: string) => name.startsWith('node:') || builtinModules.includes(name);
      expect(required.filter((name) => !builtin(name))).toEqual([]);
      expect(source).toContain('workerData.sqlite');
    }
  });
});

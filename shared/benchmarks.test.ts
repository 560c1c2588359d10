import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BENCHMARKS, benchmarkIds, benchmarkOf } from './benchmarks';
import { ovoBenchProfile } from './formats/ovo-bench';
import { streamingBenchProfile } from './formats/streamingbench';
import { BUILTIN_PROFILES, blankCustomProfile } from './profiles';

const root = join(__dirname, '..');

/** Every source file (not a test) under the folders the app is built from. */
function* sources(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name !== 'node_modules' && name !== 'fixtures') yield* sources(path);
    } else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$|test-util|test-support/.test(path)) yield path;
  }
}

describe('the benchmark registry', () => {
  it('gives each profile its benchmark: a built-in by its kind, an imported OVO-Bench or StreamingBench by the custom profile its import makes', () => {
    for (const p of BUILTIN_PROFILES) expect(benchmarkOf(p).id).toBe(p.kind);
    expect(benchmarkOf(ovoBenchProfile()).id).toBe('ovo-bench');
    expect(benchmarkOf(streamingBenchProfile([])).id).toBe('streamingbench');
    expect(benchmarkOf(blankCustomProfile('My benchmark')).id).toBe('custom');
  });

  it('declares each entry under its own id, with its release rules stated', () => {
    for (const id of benchmarkIds) {
      const b = BENCHMARKS[id];
      expect(b.id).toBe(id);
      for (const rule of Object.values(b.rules)) expect(rule.length).toBeGreaterThan(10);
    }
    // the judged benchmarks read free text with their judge, the others only by extraction rules
    expect(
      Object.values(BENCHMARKS)
        .filter((b) => b.judge)
        .map((b) => b.id)
        .sort(),
    ).toEqual(['phostream', 'vsas-bench']);
  });

  it('is the one place a benchmark is told apart: no source file tests a profile kind or a benchmark profile name by string', () => {
    const kindTest = /kind\s*[!=]==\s*'(ovo-s-bench|vcbench|rtv-bench|phostream|vsas-bench)'|name\s*[!=]==\s*(OVO_BENCH_PROFILE|STREAMINGBENCH_PROFILE|'OVO-Bench'|'StreamingBench')/;
    const offenders: string[] = [];
    for (const folder of ['shared', 'electron', 'renderer/src']) {
      for (const file of sources(join(root, folder))) {
        if (file.endsWith('benchmarks.ts')) continue;
        readFileSync(file, 'utf8')
          .split('\n')
          .forEach((line, i) => {
            if (kindTest.test(line)) offenders.push(`${file.slice(root.length + 1)}:${i + 1}: ${line.trim()}`);
          });
      }
    }
    expect(offenders).toEqual([]);
  });
});

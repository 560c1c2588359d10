// VCBench question 0935 lists its episodes out of time order; the project gives marks back in time
// order. Through the services: its export is the file's line while the marks are the file's, and in
// time order once someone moved one.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import type { Caller } from '../../../shared/domain';
import * as annotation from '../annotation/service';
import { tempDir, tools } from '../test-support/fixtures';
import { ENGINES, openTestProject } from '../test-support/project';
import { exportBenchmark, importBenchmarkFile } from './service';
import { listVideos } from '../videos/library';

const caller: Caller = { person: 'ann', role: 'lead' };
const dir = tempDir();
afterAll(() => dir.remove());
const release = gunzipSync(readFileSync(join(__dirname, '..', '..', '..', 'shared', 'scoring', 'fixtures', 'vcbench', 'vcbench_data.jsonl.gz')))
  .toString('utf8')
  .split('\n');

describe.each(ENGINES)('VCBench order (%s)', (engine) => {
  describe('a VCBench question whose file lists its occurrences out of time order', () => {
    it("is exported in the file's order while its marks are the file's, and in time order once one is moved", async () => {
      const line = release.find((l) => l.startsWith('{"id": "0935"'))!;
      const file = join(dir.path, 'vcbench_0935.jsonl');
      writeFileSync(file, `${line}\n`);
      const project = await openTestProject(join(dir.path, `order-${engine}.tidemark`), engine);
      expect(await importBenchmarkFile(project, caller, tools, { path: file, format: 'vcbench', mediaDir: join(dir.path, 'no-media') })).toMatchObject({ importedQuestions: 1, problems: [] });
      const exported = async () => (await exportBenchmark(project, caller, 'vcbench', { force: true })).parts.join('');
      expect(await exported()).toBe(`${line}\n`);

      // the episode the file lists last (86.2–112.0) moved by a second
      const [video] = await listVideos(project);
      const episode = (await project.stores.annotation.marksOfVideo(video!.id)).find((m) => m.start === 86.2)!;
      await annotation.updateMarks(project, caller, [{ id: episode.id, start: 87.2 }]);
      const record = JSON.parse(await exported()) as { occurrence_times: { start: number[]; end: number[] } };
      expect(record.occurrence_times).toEqual({ start: [0, 49.6, 87.2, 115.8, 149.4, 188.5, 228.6], end: [43.7, 84.7, 112, 145.8, 185.4, 227.7, 263] });
      await project.close();
    });
  });
});

import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { questionFieldsSchema, queryPointFieldsSchema } from '../../../shared/questions';
import * as annotation from '../annotation/service';
import { JobRegistry } from '../jobs/registry';
import { probeVideo } from '../media/probe';
import { builtinProfileId } from '../profiles/builtin';
import { renderClip, tempDir, tools } from '../test-support/fixtures';
import { ENGINES, openTestProject } from '../test-support/project';
import { importVideos } from '../videos/service';
import { evaluationInputs, parseSampling } from './eval-inputs';
import { listVideos } from '../videos/library';

const dir = tempDir();
afterAll(() => dir.remove());

describe.each(ENGINES)('evaluation inputs (%s)', (engine) => {
  describe('evaluation inputs', () => {
    it('parses sampling specs and refuses unknown ones', () => {
      expect(parseSampling('uniform:64')).toEqual({ kind: 'uniform', frames: 64 });
      expect(parseSampling('fps:1')).toEqual({ kind: 'fps', rate: 1 });
      expect(parseSampling('recent:16@4')).toEqual({ kind: 'recent-window', frames: 16, rate: 4 });
      expect(() => parseSampling('random:3')).toThrow(/Unknown sampling/);
      expect(() => parseSampling('uniform:-2')).toThrow(/positive/);
    });

    it('gives each query point its prefix (T_p for forward questions) and frames, and cuts the clips', async () => {
      const project = await openTestProject(join(dir.path, `p-${engine}.tidemark`), engine);
      const clip = await renderClip(join(dir.path, 'clip.mp4'));
      const jobs = new JobRegistry();
      const caller = { person: 'a', role: 'lead' as const };
      await jobs.wait(jobs.start({ kind: 'import', label: 'x' }, (c) => importVideos(project, caller, tools, [clip], c)).id);
      const video = (await listVideos(project))[0]!;
      const q = questionFieldsSchema.parse;
      const p = queryPointFieldsSchema.parse;
      await annotation.createQuestion(project, caller, video.id, q({ profileId: builtinProfileId('phostream'), text: 'Tell me when', answerKind: 'text', temporalType: 'forward' }), [
        p({ time: 1, proactiveTime: 3, answer: 'now' }),
      ]);
      await annotation.createQuestion(project, caller, video.id, q({ profileId: builtinProfileId('phostream'), text: 'What now?', answerKind: 'text', temporalType: 'instant' }), [
        p({ time: 2, answer: 'x' }),
      ]);
      const { rows } = await evaluationInputs(project, caller, 'phostream', 'fps:1', { cutDir: join(dir.path, 'clips'), ffmpeg: tools.ffmpeg });
      expect(rows.map((r) => [r.queryTime, r.prefixEnd, r.frameTimes])).toEqual([
        [1, 3, [0, 1, 2, 3]],
        [2, 2, [0, 1, 2]],
      ]);
      for (const row of rows) {
        const probe = await probeVideo(tools.ffprobe, tools.ffmpeg, row.clip!);
        expect(probe.ok && Math.abs(probe.info.duration - row.prefixEnd)).toBeLessThan(0.1);
      }
      await project.close();
    });
  });
});

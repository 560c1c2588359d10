// Frames for drafts: the frame of second k is the one shown at k, never a later one — checked on a
// clip whose colour changes at 1.5 s, so a frame taken from just before second 2 would give it away.
import { execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobRegistry, type JobControl } from '../jobs/registry';
import { Project } from '../projects/project';
import { renderClip, tempDir, tools } from '../test-support/fixtures';
import { ENGINES, openTestProject } from '../test-support/project';
import { importVideos } from '../videos/service';
import { draftFrames } from './frames';
import { listVideos, videoPath } from '../videos/library';

const dir = tempDir();
const jobs = new JobRegistry();
const control: JobControl = { signal: new AbortController().signal, progress: () => undefined };

beforeAll(async () => {
  await renderClip(join(dir.path, 'cut.mp4'), {
    width: 320,
    height: 180,
    fps: 25,
    scenes: [
      { background: '0xff0000', seconds: 1.5, objects: [] },
      { background: '0x0000ff', seconds: 2.5, objects: [] },
    ],
  });
}, 60_000);
afterAll(() => dir.remove());

/** The mean colour of a JPEG data URL, decoded by ffmpeg. */
function colour(dataUrl: string): 'red' | 'blue' | 'other' {
  const jpeg = Buffer.from(dataUrl.split(',')[1]!, 'base64');
  const [r, , b] = execFileSync(tools.ffmpeg, ['-v', 'error', '-f', 'image2pipe', '-i', 'pipe:0', '-vf', 'scale=1:1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'], { input: jpeg });
  return r! > 150 && b! < 100 ? 'red' : b! > 150 && r! < 100 ? 'blue' : 'other';
}

describe.each(ENGINES)('draft frames (%s)', (engine) => {
  let project: Project;
  beforeAll(async () => {
    project = await openTestProject(join(dir.path, `p-${engine}.tidemark`), engine);
    const job = jobs.start({ kind: 'import', label: 'x' }, (c) => importVideos(project, { person: 'ann', role: 'annotator' }, tools, [join(dir.path, 'cut.mp4')], c));
    await jobs.wait(job.id);
  });
  afterAll(() => project.close());

  it('gives each second the frame shown at it, downscaled, and extracts once', async () => {
    const video = (await listVideos(project))[0]!;
    const frames = await draftFrames(tools.ffmpeg, videoPath(project, video), video, project.cacheDir, 90, control);
    expect(frames.count).toBe(4);
    // 1 s is still red (the cut is at 1.5 s): nothing from after second 1 leaks into its frame
    expect([0, 1, 2, 3].map((s) => colour(frames.dataUrl(s)))).toEqual(['red', 'red', 'blue', 'blue']);
    expect(() => frames.dataUrl(4)).toThrow(/No frame at 4 s/);
    const first = join(project.cacheDir, 'frames', video.id, '90', '000001.jpg');
    const made = statSync(first).mtimeMs;
    const again = await draftFrames(tools.ffmpeg, videoPath(project, video), video, project.cacheDir, 90, control);
    expect(again.count).toBe(4);
    expect(statSync(first).mtimeMs).toBe(made);
  }, 60_000);
});

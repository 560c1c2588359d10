// Filmstrips of a whole library, made in the background after an import (and for the demo), one
// video at a time so an import never has the two cores fighting over several ffmpegs; a video a
// person selects jumps the queue. A reviewer opening any video then finds its filmstrip ready.
import type { Video } from '../../../shared/domain';
import type { JobOf } from '../../../shared/jobs';
import type { JobRegistry } from '../jobs/registry';
import type { Project } from '../projects/project';
import { videoOf, videoPath } from '../videos/library';
import { generateThumbnails, readThumbnailManifest } from './thumbnails';

/** Starts (or finds) the thumbnails job of a video. */
export function startThumbnails(jobs: JobRegistry, project: Project, ffmpeg: string, video: Video): JobOf<'thumbnails'> {
  const running = jobs.findRunning('thumbnails', (job) => job.videoId === video.id);
  if (running) return running;
  const path = videoPath(project, video);
  return jobs.start({ kind: 'thumbnails', label: `Thumbnails of ${video.name}`, videoId: video.id }, (control) => generateThumbnails(ffmpeg, path, video, project.cacheDir, control));
}

export class FilmstripQueue {
  private pending: string[] = [];
  private busy = false;

  constructor(
    private readonly jobs: JobRegistry,
    private readonly current: () => { project: Project; ffmpeg: string } | null,
  ) {}

  /** Queues videos whose filmstrip is not made yet (the first of them first). */
  enqueue(videoIds: readonly string[]): void {
    for (const id of videoIds) if (!this.pending.includes(id)) this.pending.push(id);
    void this.pump();
  }

  /** A video a person is looking at goes first (its own job starts at once in thumbnails.generate). */
  prioritize(videoId: string): void {
    this.pending = [videoId, ...this.pending.filter((id) => id !== videoId)];
  }

  /** Forgets what is queued (another project was opened). */
  clear(): void {
    this.pending = [];
  }

  get queued(): readonly string[] {
    return this.pending;
  }

  private async pump(): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    try {
      while (this.pending.length > 0) {
        const id = this.pending.shift()!;
        const at = this.current();
        if (!at) break;
        const video = await videoOf(at.project, id);
        if (!video || video.status !== 'ok' || readThumbnailManifest(at.project.cacheDir, video)) continue;
        const job = startThumbnails(this.jobs, at.project, at.ffmpeg, video);
        await this.jobs.wait(job.id).catch(() => undefined);
      }
    } finally {
      this.busy = false;
    }
  }
}

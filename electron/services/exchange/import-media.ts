// The videos a benchmark file names, matched to the project's as the file is read: by path relative
// to the media folder. A file the project has is known at once; a new one is probed while reading
// goes on (its items wait for it); a file not found gets a placeholder video, relinked later.
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Video } from '../../../shared/domain';
import type { Problem } from '../../../shared/formats/problems';
import type { MediaTools } from '../media/tools';
import type { Project } from '../projects/project';
import { probeNewVideos } from '../videos/import';
import { listVideos, videoPath, videoWithFingerprint } from '../videos/library';
import type { VideoPlan } from './import-edit';

interface Matched {
  id: string;
  /** Null for a placeholder: its length is not known until it is relinked. */
  duration: number | null;
}

export class MediaMatcher {
  /** The file's names for its videos, resolved once each: a file names few videos many times over. */
  private readonly absolute = new Map<string, string>();
  /** Videos by absolute path, once matched. */
  private readonly matched = new Map<string, Matched>();
  /** Project videos (and those probed so far) by fingerprint: a second name of one file is that file. */
  private readonly byFingerprint = new Map<string, Matched>();
  private readonly library: Map<string, Matched>;
  private toProbe: string[] = [];
  private probes: Promise<void> = Promise.resolve();
  /** Files that could not be probed. */
  readonly problems: Problem[] = [];

  private constructor(
    private readonly project: Project,
    private readonly tools: MediaTools,
    private readonly mediaDir: string,
    private readonly file: string,
    private readonly signal: AbortSignal,
    /** Where each match goes (the writer), before any item that needs it. */
    private readonly send: (plan: VideoPlan) => void,
    videos: readonly Video[],
  ) {
    this.library = new Map(videos.map((v) => [videoPath(project, v), v]));
    for (const v of videos) if (v.fingerprint) this.byFingerprint.set(v.fingerprint, v);
  }

  /** A matcher that knows the project's videos as they are now. */
  static async open(project: Project, tools: MediaTools, mediaDir: string, file: string, signal: AbortSignal, send: (plan: VideoPlan) => void): Promise<MediaMatcher> {
    return new MediaMatcher(project, tools, mediaDir, file, signal, send, await listVideos(project));
  }

  /** The absolute path of a file's video; a path met for the first time is matched (or queued to be probed). */
  pathOf(videoPath: string): string {
    let path = this.absolute.get(videoPath);
    if (path !== undefined) return path;
    path = resolve(this.mediaDir, videoPath);
    this.absolute.set(videoPath, path);
    if (this.matched.has(path) || this.toProbe.includes(path)) return path;
    const video = this.library.get(path);
    if (video) this.match(path, video, { known: [[path, video.id]], probed: [], placeholders: [] });
    else if (existsSync(path)) this.toProbe.push(path);
    else this.placeholder(path);
    return path;
  }

  /** The video at an absolute path, once matched. */
  video(path: string): Matched | undefined {
    return this.matched.get(path);
  }

  /** Starts probing the files met since the last call (after those before them). */
  probeNew(): void {
    if (this.toProbe.length === 0) return;
    const paths = this.toProbe;
    this.toProbe = [];
    this.probes = this.probes.then(() => this.probe(paths));
    // (a failure is met where settled() is awaited, not as an unhandled rejection meanwhile)
    this.probes.catch(() => undefined);
  }

  /** Resolves once every file met so far is matched. */
  settled(): Promise<void> {
    this.probeNew();
    return this.probes;
  }

  private match(path: string, video: Matched, plan: VideoPlan): void {
    this.matched.set(path, video);
    this.send(plan);
  }

  private placeholder(path: string): void {
    const id = randomUUID();
    this.match(path, { id, duration: null }, { known: [], probed: [], placeholders: [[path, id]] });
  }

  private async probe(paths: string[]): Promise<void> {
    // (how far probing got is not reported: it runs while the file is read, whose progress is)
    const probed = await probeNewVideos(this.project, this.tools, paths, { signal: this.signal, progress: () => undefined });
    for (const failure of probed.report.failed) this.problems.push({ file: this.file, line: 0, field: 'video', reason: `${failure.path}: ${failure.reason}` });
    for (const video of probed.videos) {
      const path = videoPath(this.project, video);
      this.byFingerprint.set(video.fingerprint, video);
      this.match(path, video, { known: [], probed: [video], placeholders: [] });
    }
    // one video under two names: both names are the one video
    for (const [path, fingerprint] of probed.sameAs) {
      // (or a video brought in under another name since this import began)
      const same = this.byFingerprint.get(fingerprint) ?? (await videoWithFingerprint(this.project, fingerprint));
      if (same) this.match(path, same, { known: [[path, same.id]], probed: [], placeholders: [] });
    }
    // not probed (failed, or cancelled): their questions wait on placeholders (a failure is also a problem)
    for (const path of paths) if (!this.matched.has(path)) this.placeholder(path);
  }
}

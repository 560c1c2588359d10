// Test media made on the spot with ffmpeg (nothing large is committed) and throwaway folders.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { renderSyntheticVideo, type SyntheticVideo } from '../media/synthetic';
import { runProcess } from '../media/run-process';
import { resolveMediaTools } from '../media/tools';

export const tools = resolveMediaTools('bundled');

export function tempDir(prefix = 'tidemark-test-'): { path: string; remove: () => void } {
  const path = mkdtempSync(join(tmpdir(), prefix));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

export const SMALL_CLIP: SyntheticVideo = { width: 320, height: 180, fps: 25, scenes: [], testPattern: { seconds: 4 } };

export async function renderClip(path: string, spec: SyntheticVideo = SMALL_CLIP): Promise<string> {
  await renderSyntheticVideo(tools.ffmpeg, spec, path);
  return path;
}

/** Keeps the first half of a file: with the index at the start the probe still succeeds. */
export function truncateFile(source: string, target: string): string {
  const bytes = readFileSync(source);
  writeFileSync(target, bytes.subarray(0, Math.floor(bytes.length / 2)));
  return target;
}

/** An MP4 whose index (moov) is at the end, as ffmpeg writes without +faststart. */
export async function renderClipIndexAtEnd(path: string): Promise<string> {
  const out = await runProcess(tools.ffmpeg, ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=320x180:rate=25:duration=4', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-y', path]);
  if (out.code !== 0) throw new Error(out.stderr);
  return path;
}

/** MPEG-4 Part 2: a codec ffmpeg knows and Chromium does not play. */
export async function renderUnplayableClip(path: string): Promise<string> {
  const out = await runProcess(tools.ffmpeg, ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=320x180:rate=25:duration=2', '-c:v', 'mpeg4', '-y', path]);
  if (out.code !== 0) throw new Error(out.stderr);
  return path;
}

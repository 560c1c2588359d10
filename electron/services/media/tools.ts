// Which ffmpeg/ffprobe to run: TIDEMARK_FFMPEG / TIDEMARK_FFPROBE win, then the setting — the
// binaries shipped by the @ffmpeg-installer/@ffprobe-installer packages ('bundled') or the ones on
// PATH ('system').
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';
import ffprobeInstaller from '@ffprobe-installer/ffprobe';
import { accessSync, chmodSync, constants, existsSync } from 'node:fs';
import type { FfmpegSource } from '../../../shared/domain';

export interface MediaTools {
  source: FfmpegSource;
  ffmpeg: string;
  ffprobe: string;
}

/** Inside a packaged app the binaries live in app.asar.unpacked, not in the archive. */
function unpacked(path: string): string {
  return path.replace(`app.asar${pathSep(path)}`, `app.asar.unpacked${pathSep(path)}`);
}

function pathSep(path: string): string {
  return path.includes('\\') ? '\\' : '/';
}

/** npm may skip the installers' chmod script (install-script approval), so make sure here. */
function ensureExecutable(path: string): string {
  if (process.platform === 'win32' || !existsSync(path)) return path;
  try {
    accessSync(path, constants.X_OK);
  } catch {
    try {
      chmodSync(path, 0o755);
    } catch {
      // read-only install: spawning will report the problem with the path in the message
    }
  }
  return path;
}

export function resolveMediaTools(source: FfmpegSource, env: NodeJS.ProcessEnv = process.env): MediaTools {
  const bundled = source === 'bundled';
  const ffmpeg = env.TIDEMARK_FFMPEG ?? (bundled ? ensureExecutable(unpacked(ffmpegInstaller.path)) : 'ffmpeg');
  const ffprobe = env.TIDEMARK_FFPROBE ?? (bundled ? ensureExecutable(unpacked(ffprobeInstaller.path)) : 'ffprobe');
  return { source, ffmpeg, ffprobe };
}

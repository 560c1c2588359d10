// Synthetic videos made with ffmpeg's lavfi sources: the demo project, tests and benchmarks use
// them so nothing large is shipped. Each object is a coloured square moving along a line, so the
// number on screen can be counted, and scenes are joined with hard cuts.
import { runProcess } from './run-process';

interface MovingObject {
  color: string;
  size: number;
  /** Pixels per second, horizontal; objects wrap around the frame. */
  speed: number;
  y: number;
  /** Horizontal position at the scene's start. */
  x0: number;
}

interface Scene {
  background: string;
  seconds: number;
  objects: MovingObject[];
}

export interface SyntheticVideo {
  width: number;
  height: number;
  fps: number;
  scenes: Scene[];
  /** Add a sine tone as an audio track. */
  audio?: boolean;
  /** Use ffmpeg's testsrc pattern (it shows a running time code) instead of scenes. */
  testPattern?: { seconds: number };
  codec?: 'h264' | 'vp9';
  /** Seconds between keyframes. */
  gop?: number;
}

function syntheticFilterGraph(spec: SyntheticVideo): { inputs: string[]; filter: string } {
  const { width: w, height: h, fps } = spec;
  if (spec.testPattern) {
    return { inputs: ['-f', 'lavfi', '-i', `testsrc=size=${w}x${h}:rate=${fps}:duration=${spec.testPattern.seconds}`], filter: '[0:v]format=yuv420p[v]' };
  }
  const inputs: string[] = [];
  const chains: string[] = [];
  let input = 0;
  spec.scenes.forEach((scene, sceneIndex) => {
    inputs.push('-f', 'lavfi', '-i', `color=c=${scene.background}:s=${w}x${h}:r=${fps}:d=${scene.seconds}`);
    let current = `${input++}:v`;
    scene.objects.forEach((object, objectIndex) => {
      inputs.push('-f', 'lavfi', '-i', `color=c=${object.color}:s=${object.size}x${object.size}:r=${fps}:d=${scene.seconds}`);
      const label = `s${sceneIndex}o${objectIndex}`;
      const span = w + object.size;
      chains.push(`[${current}][${input++}:v]overlay=x='mod(${object.x0}+t*${object.speed},${span})-${object.size}':y=${object.y}:shortest=1[${label}]`);
      current = label;
    });
    chains.push(`[${current}]setsar=1,format=yuv420p[scene${sceneIndex}]`);
  });
  const sceneLabels = spec.scenes.map((_, i) => `[scene${i}]`).join('');
  chains.push(`${sceneLabels}concat=n=${spec.scenes.length}:v=1:a=0[v]`);
  return { inputs, filter: chains.join(';') };
}

function syntheticDuration(spec: SyntheticVideo): number {
  return spec.testPattern ? spec.testPattern.seconds : spec.scenes.reduce((sum, s) => sum + s.seconds, 0);
}

export async function renderSyntheticVideo(ffmpeg: string, spec: SyntheticVideo, outPath: string, signal?: AbortSignal): Promise<void> {
  const { inputs, filter } = syntheticFilterGraph(spec);
  const duration = syntheticDuration(spec);
  const audioInput = spec.audio ? ['-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=48000:duration=${duration}`] : [];
  const audioIndex = inputs.filter((a) => a === '-i').length;
  const gop = String(Math.max(1, Math.round((spec.gop ?? 1) * spec.fps)));
  const vp9 = spec.codec === 'vp9';
  const video = vp9
    ? ['-c:v', 'libvpx-vp9', '-b:v', '0', '-crf', '40', '-deadline', 'realtime', '-cpu-used', '8', '-g', gop]
    : ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '26', '-pix_fmt', 'yuv420p', '-g', gop, '-movflags', '+faststart'];
  const audio = spec.audio ? ['-map', `${audioIndex}:a`, '-c:a', vp9 ? 'libopus' : 'aac', '-b:a', '64k'] : [];
  const args = ['-hide_banner', '-v', 'error', ...inputs, ...audioInput, '-filter_complex', filter, '-map', '[v]', ...audio, ...video, '-r', String(spec.fps), '-t', String(duration), '-y', outPath];
  const out = await runProcess(ffmpeg, args, { signal });
  if (out.code !== 0) throw new Error(`ffmpeg could not render ${outPath}: ${out.stderr.trim().split('\n').slice(-2).join(' ')}`);
}

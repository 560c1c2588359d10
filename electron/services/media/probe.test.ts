import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderClip, renderClipIndexAtEnd, renderUnplayableClip, tempDir, tools, truncateFile } from '../test-support/fixtures';
import { interpretProbe, parseRational, probeVideo } from './probe';

const dir = tempDir();
const files: Record<string, string> = {};

beforeAll(async () => {
  files.good = await renderClip(join(dir.path, 'good.mp4'));
  files.goodWebm = await renderClip(join(dir.path, 'good.webm'), {
    width: 320,
    height: 180,
    fps: 30,
    scenes: [{ background: 'navy', seconds: 3, objects: [{ color: 'white', size: 20, speed: 50, y: 50, x0: 0 }] }],
    codec: 'vp9',
    audio: true,
  });
  files.truncatedHeadIndex = truncateFile(files.good, join(dir.path, 'truncated-faststart.mp4'));
  files.truncatedTailIndex = truncateFile(await renderClipIndexAtEnd(join(dir.path, 'index-at-end.mp4')), join(dir.path, 'truncated-index-at-end.mp4'));
  files.unplayable = await renderUnplayableClip(join(dir.path, 'mpeg4.avi'));
  files.text = join(dir.path, 'notes.mp4');
  writeFileSync(files.text, 'this is not a video\n'.repeat(50));
});
afterAll(() => dir.remove());

describe('probeVideo on generated files', () => {
  it('reads duration, frame rate, size and codecs of an H.264 MP4', async () => {
    const result = await probeVideo(tools.ffprobe, tools.ffmpeg, files.good!);
    expect(result).toMatchObject({ ok: true, info: { fps: 25, fpsRational: '25/1', variableFps: false, width: 320, height: 180, codec: 'h264', audioCodec: null } });
    if (result.ok) expect(result.info.duration).toBeCloseTo(4, 1);
  });
  it('reads a VP9 WebM with Opus audio', async () => {
    const result = await probeVideo(tools.ffprobe, tools.ffmpeg, files.goodWebm!);
    expect(result).toMatchObject({ ok: true, info: { fps: 30, codec: 'vp9', audioCodec: 'opus', container: 'matroska,webm' } });
  });
  it('reports a truncated file whose index is at the end', async () => {
    const result = await probeVideo(tools.ffprobe, tools.ffmpeg, files.truncatedTailIndex!);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toMatch(/truncated/i);
  });
  it('reports a truncated file whose index survived (decoding the last second fails)', async () => {
    const result = await probeVideo(tools.ffprobe, tools.ffmpeg, files.truncatedHeadIndex!);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toMatch(/truncated/i);
  });
  it('reports a file that is not a video', async () => {
    const result = await probeVideo(tools.ffprobe, tools.ffmpeg, files.text!);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toMatch(/not a playable video|not a video/i);
  });
  it('reports a codec Chromium cannot play, with a way out', async () => {
    const result = await probeVideo(tools.ffprobe, tools.ffmpeg, files.unplayable!);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toMatch(/mpeg4 cannot be played.*libx264/);
  });
});

describe('interpretProbe', () => {
  const stream = { codec_type: 'video', codec_name: 'h264', width: 1280, height: 720 };
  const format = { format_name: 'mov,mp4,m4a,3gp,3g2,mj2', duration: '10.0' };
  it('flags variable frame rate when the average differs from the nominal rate', () => {
    const result = interpretProbe({ streams: [{ ...stream, r_frame_rate: '60/1', avg_frame_rate: '2997/100' }], format });
    expect(result).toMatchObject({ ok: true, info: { variableFps: true } });
    if (result.ok) expect(result.info.fps).toBeCloseTo(29.97, 2);
  });
  it('keeps NTSC rates exact', () => {
    const result = interpretProbe({ streams: [{ ...stream, r_frame_rate: '30000/1001', avg_frame_rate: '30000/1001' }], format });
    expect(result).toMatchObject({ ok: true, info: { variableFps: false, fpsRational: '30000/1001' } });
  });
  it('ignores cover art and rejects audio-only files', () => {
    expect(
      interpretProbe({
        streams: [
          { codec_type: 'audio', codec_name: 'mp3' },
          { ...stream, codec_name: 'mjpeg', disposition: { attached_pic: 1 } },
        ],
        format,
      }),
    ).toEqual({ ok: false, reason: 'Not a video: the file has no video stream.' });
  });
  it('rejects output it does not understand', () => {
    expect(interpretProbe({ streams: 'nope' }).ok).toBe(false);
  });
  it('parses rationals', () => {
    expect(parseRational('30000/1001')).toBeCloseTo(29.97, 2);
    expect(parseRational('0/0')).toBe(0);
    expect(parseRational('25')).toBe(25);
    expect(parseRational(undefined)).toBe(0);
  });
});

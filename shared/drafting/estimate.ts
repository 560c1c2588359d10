// A run's cost before it starts: requests, frames, tokens and dollars. Image tokens follow OpenAI's
// published rule for high detail (the image scaled to fit 2048 px and then its short side to 768 px,
// 170 tokens per 512-px tile plus 85); other servers count differently, so it is an estimate.
import { estimateCost, type EndpointSettings } from './endpoint';

/** Tokens one frame of this size costs (OpenAI high-detail rule). */
export function imageTokens(width: number, height: number): number {
  let w = width;
  let h = height;
  const fit = Math.min(1, 2048 / Math.max(w, h));
  w *= fit;
  h *= fit;
  const short = Math.min(w, h);
  if (short > 768) {
    w *= 768 / short;
    h *= 768 / short;
  }
  return 85 + 170 * Math.ceil(w / 512) * Math.ceil(h / 512);
}

/** Tokens of a text of this many characters, roughly (four characters a token for English). */
const textTokens = (chars: number): number => Math.ceil(chars / 4);

export interface RequestShape {
  frames: number;
  promptChars: number;
  outputTokens: number;
}

interface PlannedCost {
  requests: number;
  frames: number;
  inputTokens: number;
  outputTokens: number;
  costUsd: number;
}

/** The sum over planned requests, each with its frames of the given size. */
export function plannedCost(
  settings: Pick<EndpointSettings, 'priceInputPerMillion' | 'priceOutputPerMillion'>,
  frameSize: { width: number; height: number },
  requests: readonly RequestShape[],
): PlannedCost {
  const perFrame = imageTokens(frameSize.width, frameSize.height);
  let frames = 0;
  let inputTokens = 0;
  let outputTokens = 0;
  for (const r of requests) {
    frames += r.frames;
    inputTokens += r.frames * perFrame + textTokens(r.promptChars);
    outputTokens += r.outputTokens;
  }
  return { requests: requests.length, frames, inputTokens, outputTokens, costUsd: estimateCost(settings, inputTokens, outputTokens) };
}

/** The size frames are sent at: the video scaled to `height`, width kept even as ffmpeg does. */
export function frameSize(video: { width: number; height: number }, height: number): { width: number; height: number } {
  const w = video.height ? Math.round((video.width * height) / video.height / 2) * 2 : height;
  return { width: Math.max(2, w), height };
}

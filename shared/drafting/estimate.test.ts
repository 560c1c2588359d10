import { describe, expect, it } from 'vitest';
import { frameSize, imageTokens, plannedCost } from './estimate';

describe('image tokens (OpenAI high-detail rule, its documented examples)', () => {
  it('counts 512-px tiles after fitting 2048 px and a 768-px short side', () => {
    expect(imageTokens(1024, 1024)).toBe(765); // scaled to 768 × 768: 4 tiles
    expect(imageTokens(2048, 4096)).toBe(1105); // 1024 × 2048 → 768 × 1536: 6 tiles
    expect(imageTokens(640, 360)).toBe(425); // small images are not scaled up: 2 × 1 tiles
    expect(imageTokens(128, 72)).toBe(255);
  });
});

describe('planned cost', () => {
  it('sums frames, prompt and output tokens at the endpoint prices', () => {
    const cost = plannedCost({ priceInputPerMillion: 2, priceOutputPerMillion: 8 }, { width: 128, height: 72 }, [
      { frames: 2, promptChars: 400, outputTokens: 40 },
      { frames: 0, promptChars: 4, outputTokens: 10 },
    ]);
    expect(cost).toEqual({ requests: 2, frames: 2, inputTokens: 2 * 255 + 100 + 1, outputTokens: 50, costUsd: (611 * 2 + 50 * 8) / 1e6 });
  });
  it('sends frames at the asked height, the width kept even', () => {
    expect(frameSize({ width: 1920, height: 1080 }, 360)).toEqual({ width: 640, height: 360 });
    expect(frameSize({ width: 321, height: 181 }, 72)).toEqual({ width: 128, height: 72 });
  });
});

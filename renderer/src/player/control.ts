// The mounted player registers itself here so actions and shortcuts can drive it without React.

export interface PlayerHandle {
  play(rate?: number): Promise<void>;
  playBackwards(rate: number): void;
  pause(): void;
  setRate(rate: number): void;
  /** 1 while playing forward, -1 while playing backwards, 0 when paused. */
  direction(): 1 | -1 | 0;
  /** The <video> element whose frame is on screen (for drawing it into a canvas). */
  screen(): HTMLVideoElement;
}

let current: PlayerHandle | null = null;

export const playerControl = {
  attach(handle: PlayerHandle): () => void {
    current = handle;
    return () => {
      if (current === handle) current = null;
    };
  },
  play: (rate?: number): Promise<void> => current?.play(rate) ?? Promise.resolve(),
  playBackwards: (rate: number): void => current?.playBackwards(rate),
  pause: (): void => current?.pause(),
  setRate: (rate: number): void => current?.setRate(rate),
  direction: (): 1 | -1 | 0 => current?.direction() ?? 0,
  screen: (): HTMLVideoElement | null => current?.screen() ?? null,
};

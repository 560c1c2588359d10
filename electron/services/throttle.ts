// Wrong secrets (passwords, passphrases) counted per key — a name, an address: `limit` failures
// within `windowMs` and the key is refused until the oldest of them leaves the window.

export interface Limit {
  limit: number;
  windowMs: number;
}

/**
 * When a key that failed at `times` (in any order) may try again, if those within the window have
 * reached the limit; null when it may try now. The one rule of both the in-memory Throttle and the
 * team server's limits kept in its accounts database (accounts/sign-in-limits.ts).
 */
export function heldUntil(times: readonly number[], now: number, { limit, windowMs }: Limit): number | null {
  const recent = times.filter((t) => now - t < windowMs).sort((a, b) => a - b);
  return recent.length >= limit ? recent[recent.length - limit]! + windowMs : null;
}

/** The counts in this process's memory (the desktop's passphrases). */
export class Throttle {
  private readonly failures = new Map<string, number[]>();
  private readonly rule: Limit;

  constructor(limit: number, windowMs: number) {
    this.rule = { limit, windowMs };
  }

  /**
   * Counts an attempt as a failure before its secret is checked (attempts sent at once cannot slip
   * past the count while scrypt runs), or returns when the key may try again.
   */
  attempt(key: string, now: number): number | null {
    const recent = this.recent(key, now);
    const held = heldUntil(recent, now, this.rule);
    this.failures.set(key, held === null ? [...recent, now] : recent);
    return held;
  }

  /** When the key may try again, if its failures have reached the limit (after this one, say). */
  heldUntil(key: string, now: number): number | null {
    return heldUntil(this.recent(key, now), now, this.rule);
  }

  /** The right secret: the failures counted for the key are forgotten. */
  succeeded(key: string): void {
    this.failures.delete(key);
  }

  private recent(key: string, now: number): number[] {
    return (this.failures.get(key) ?? []).filter((t) => now - t < this.rule.windowMs);
  }
}

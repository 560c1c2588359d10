// Wrong secrets (passwords, passphrases) counted per key — a name, an address: `limit` failures
// within `windowMs` and the key is refused until the oldest of them leaves the window.
export class Throttle {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /**
   * Counts an attempt as a failure before its secret is checked (attempts sent at once cannot slip
   * past the count while scrypt runs), or returns when the key may try again.
   */
  attempt(key: string, now: number): number | null {
    const recent = this.recent(key, now);
    if (recent.length >= this.limit) {
      this.failures.set(key, recent);
      return recent[recent.length - this.limit]! + this.windowMs;
    }
    this.failures.set(key, [...recent, now]);
    return null;
  }

  /** When the key may try again, if its failures have reached the limit (after this one, say). */
  heldUntil(key: string, now: number): number | null {
    const recent = this.recent(key, now);
    return recent.length >= this.limit ? recent[recent.length - this.limit]! + this.windowMs : null;
  }

  /** The right secret: the failures counted for the key are forgotten. */
  succeeded(key: string): void {
    this.failures.delete(key);
  }

  private recent(key: string, now: number): number[] {
    return (this.failures.get(key) ?? []).filter((t) => now - t < this.windowMs);
  }
}

// A team server's sign-in limits, counted in its accounts database rather than in one process's
// memory: every server process on one database (PostgreSQL, `--database`) counts against the same
// attempts, and a restart forgets none. The rule is throttle.ts's `heldUntil`, as the desktop's.
import { heldUntil, type Limit } from '../throttle';
import type { AccountStore } from './store';

type AttemptStore = Pick<AccountStore, 'addAttempt' | 'attemptsSince' | 'dropAttempt' | 'dropAttempts'>;

export class StoredThrottle {
  /** `kind` keeps one limit's keys apart from another's in the one table ('account', 'address'). */
  constructor(
    private readonly store: AttemptStore,
    private readonly kind: string,
    private readonly rule: Limit,
  ) {}

  /**
   * Counts an attempt before its password is checked, or returns when the key may try again.
   * Recorded first and then counted, so that attempts sent at once to several processes all count:
   * each is held by those recorded before it (a smaller id). A refused attempt is dropped again, so
   * that it does not extend the hold.
   */
  async attempt(key: string, now: number): Promise<number | null> {
    return (await this.counted(key, now)).held;
  }

  /** As attempt, and the attempt's id while it counts (to forget it once it proves right: forget). */
  async counted(key: string, now: number): Promise<{ held: number | null; id: number | null }> {
    const id = await this.store.addAttempt(this.keyOf(key), now);
    const before = await this.times(key, now, (a) => a.id < id);
    const held = heldUntil(before, now, this.rule);
    if (held === null) return { held, id };
    await this.store.dropAttempt(id);
    return { held, id: null };
  }

  /** An attempt counted beforehand that proved not to be a failure. */
  async forget(id: number | null): Promise<void> {
    if (id !== null) await this.store.dropAttempt(id);
  }

  /** When the key may try again, if its attempts have reached the limit (none is counted here). */
  async heldUntil(key: string, now: number): Promise<number | null> {
    return heldUntil(await this.times(key, now), now, this.rule);
  }

  /** The right password: the key's attempts are forgotten (in every process). */
  async succeeded(key: string): Promise<void> {
    await this.store.dropAttempts(this.keyOf(key));
  }

  private keyOf(key: string): string {
    return `${this.kind}:${key}`;
  }

  private async times(key: string, now: number, which: (a: { id: number }) => boolean = () => true): Promise<number[]> {
    return (await this.store.attemptsSince(this.keyOf(key), now - this.rule.windowMs)).filter(which).map((a) => a.at);
  }
}

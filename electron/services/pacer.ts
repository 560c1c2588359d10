// Long work in the server's one thread (a big import, export or request) lets other requests in
// every few tens of milliseconds, well under the 100 ms any one of them may wait.

/** Work between two chances for other requests to run. */
const SLICE_MS = 25;

export class Pacer {
  private last = performance.now();

  /** Call in a long loop: yields to the event loop once the current slice has run its time. */
  async pace(): Promise<void> {
    if (performance.now() - this.last < SLICE_MS) return;
    await new Promise((resolve) => setImmediate(resolve));
    this.last = performance.now();
  }
}

// Long work in the server's one thread (a big import, export or request) lets other requests in
// every few tens of milliseconds, well under the 100 ms any one of them may wait.

/** Work between two chances for other requests to run. */
const SLICE_MS = 25;

/** What pace() hands back while the slice runs on: awaiting it costs no promise of its own. */
const GO_ON: Promise<void> = Promise.resolve();

export class Pacer {
  private last = performance.now();

  /**
   * Call in a long loop (`await pacer.pace()`): yields to the event loop once the current slice has
   * run its time. Not async: a loop of a hundred thousand rows would make as many promises.
   */
  pace(): Promise<void> {
    if (performance.now() - this.last < SLICE_MS) return GO_ON;
    return new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
      this.last = performance.now();
    });
  }
}

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
    return this.yield();
  }

  /** Lets other requests run now (before a step known to take a slice's time by itself). */
  yield(): Promise<void> {
    return new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
      this.last = performance.now();
    });
  }
}

/**
 * Sorts in place, letting other requests in as it goes: Array.prototype.sort of a hundred thousand
 * rows holds the thread for about 80 ms. Rows mostly come in order already, which one pass finds;
 * others are merge-sorted (stable, as Array.prototype.sort is) a run at a time.
 */
export async function sortPaced<T>(values: T[], compare: (a: T, b: T) => number, pacer: Pacer): Promise<T[]> {
  let sorted = true;
  for (let i = 1; i < values.length && sorted; i++) {
    sorted = compare(values[i - 1]!, values[i]!) <= 0;
    await pacer.pace();
  }
  if (sorted) return values;
  let from = values.slice();
  let to = new Array<T>(values.length);
  for (let width = 1; width < values.length; width *= 2) {
    for (let start = 0; start < values.length; start += 2 * width) {
      const middle = Math.min(start + width, values.length);
      const end = Math.min(start + 2 * width, values.length);
      let i = start;
      let j = middle;
      let k = start;
      while (i < middle && j < end) to[k++] = compare(from[j]!, from[i]!) < 0 ? from[j++]! : from[i++]!;
      while (i < middle) to[k++] = from[i++]!;
      while (j < end) to[k++] = from[j++]!;
      await pacer.pace();
    }
    [from, to] = [to, from];
  }
  for (let i = 0; i < values.length; i++) values[i] = from[i]!;
  return values;
}

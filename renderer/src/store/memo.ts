// Selectors that build arrays must return the same array for the same inputs, or every store change
// would look like a change to what they select (a redraw, a re-render).

/** Remembers the last result of `fn` for the same inputs (compared by identity). */
export function lastOf<A extends readonly unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  let last: { args: A; result: R } | null = null;
  return (...args: A): R => {
    if (last && last.args.length === args.length && last.args.every((a, i) => a === args[i])) return last.result;
    const result = fn(...args);
    last = { args, result };
    return result;
  };
}

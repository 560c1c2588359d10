// A <select>'s value is a string; its options are made from a fixed list, so narrowing it back is a
// check against that list rather than a cast.
export function isOneOf<T extends string>(values: readonly T[], value: string): value is T {
  return (values as readonly string[]).includes(value);
}

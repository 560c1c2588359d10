// |x − y| ≤ tolerance, forgiving floating-point noise: 2.1 − 1.1 is 1.0000000000000002, and a
// one-second tolerance should still take it.
const SLACK = 1e-9;

export function withinTolerance(x: number, y: number, tolerance: number): boolean {
  return Math.abs(x - y) <= tolerance + SLACK * Math.max(1, Math.abs(x), Math.abs(y));
}

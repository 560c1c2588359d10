// The figures a bench section measured, kept for `npm run bench -- <suite> --json`: each section
// records what it prints, and the runner prints one JSON object per suite on its last line.

export type FigureUnit = 'ms' | 'x' | 'MB' | 's';

export interface Figure {
  value: number;
  unit: FigureUnit;
  /** The same work done the plainest way, measured in the same run; null where there is none. */
  floor: number | null;
  /** value ÷ floor, or null without a floor. */
  ratio: number | null;
}

let current: Record<string, Figure> = {};

const rounded = (x: number): number => Math.round(x * 1000) / 1000;

/** Records one figure of the running suite (a later figure of the same name replaces it). */
export function figure(name: string, value: number, unit: FigureUnit, floor: number | null = null): void {
  current[name] = { value: rounded(value), unit, floor: floor === null ? null : rounded(floor), ratio: floor ? rounded(value / floor) : null };
}

/** The figures recorded since the last call, and a fresh record for the next suite. */
export function takeFigures(): Record<string, Figure> {
  const taken = current;
  current = {};
  return taken;
}

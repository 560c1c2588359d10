// A round's seeded stratified random sample (OVO-S: "150 items stratified across L1–L4"):
// proportional allocation by largest remainder, then a seeded shuffle inside each stratum.
// Everything is keyed by id and stratum name, so the draw does not depend on the input's order.
import { hash32, mulberry32 } from './prng';

export interface SampleCandidate {
  id: string;
  stratum: string;
}

const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Stratum → its ids, sorted; an id listed under several strata belongs to the first by name. */
function strataOf(candidates: ReadonlyArray<SampleCandidate>): Map<string, string[]> {
  const home = new Map<string, string>();
  for (const { id, stratum } of candidates) {
    const prev = home.get(id);
    if (prev === undefined || byText(stratum, prev) < 0) home.set(id, stratum);
  }
  const strata = new Map<string, string[]>();
  for (const [id, stratum] of home) {
    const list = strata.get(stratum);
    if (list) list.push(id);
    else strata.set(stratum, [id]);
  }
  for (const list of strata.values()) list.sort(byText);
  return new Map([...strata].sort(([a], [b]) => byText(a, b)));
}

/**
 * How many to draw from each stratum: size·N_s/N rounded down, the rest to the largest remainders
 * (ties by stratum name). When size ≥ the number of strata, a stratum left at 0 takes one from the
 * stratum furthest above its exact quota. Integer arithmetic (numerators over N) keeps ties exact.
 */
export function allocate(sizes: ReadonlyMap<string, number>, size: number): Map<string, number> {
  const names = [...sizes.keys()].sort(byText);
  const total = names.reduce((s, n) => s + sizes.get(n)!, 0);
  const take = Math.max(0, Math.min(Math.floor(size), total));
  const out = new Map<string, number>();
  if (take === total) {
    for (const n of names) out.set(n, sizes.get(n)!);
    return out;
  }
  const remainder = new Map<string, number>();
  for (const n of names) {
    const exact = take * sizes.get(n)!; // quota = exact / total
    out.set(n, Math.floor(exact / total));
    remainder.set(n, exact % total);
  }
  let left = take - [...out.values()].reduce((s, v) => s + v, 0);
  for (const n of [...names].sort((a, b) => remainder.get(b)! - remainder.get(a)! || byText(a, b))) {
    if (left === 0) break;
    out.set(n, out.get(n)! + 1);
    left--;
  }
  if (take >= names.length) {
    // how far above its exact quota a stratum is, as a numerator over total
    const excess = (n: string): number => out.get(n)! * total - take * sizes.get(n)!;
    for (const n of names) {
      if (out.get(n)! > 0) continue;
      const donor = names.filter((d) => out.get(d)! > 1).sort((a, b) => excess(b) - excess(a) || byText(a, b))[0]!;
      out.set(donor, out.get(donor)! - 1);
      out.set(n, 1);
    }
  }
  return out;
}

/** The first n of a seeded Fisher–Yates shuffle; a larger n extends a smaller n's draw. */
function draw(ids: readonly string[], n: number, random: () => number): string[] {
  const pool = [...ids];
  for (let i = 0; i < n; i++) {
    const j = i + Math.floor(random() * (pool.length - i));
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, n);
}

/**
 * A seeded stratified random sample of `size` ids (all of them when size ≥ their number), sorted
 * by stratum name then id. The same candidates and seed always give the same ids.
 */
export function stratifiedSample(candidates: ReadonlyArray<SampleCandidate>, size: number, seed: number): string[] {
  const strata = strataOf(candidates);
  const counts = allocate(new Map([...strata].map(([s, ids]) => [s, ids.length])), size);
  const out: string[] = [];
  for (const [stratum, ids] of strata) {
    const random = mulberry32(hash32(stratum) ^ Math.imul(seed >>> 0, 0x9e3779b1));
    out.push(...draw(ids, counts.get(stratum)!, random).sort(byText));
  }
  return out;
}

/** Stratum → how many of `ids` it holds, for every stratum among the candidates (0 when none drawn). */
export function strataCounts(candidates: ReadonlyArray<SampleCandidate>, ids: readonly string[]): Record<string, number> {
  const strata = strataOf(candidates);
  const home = new Map<string, string>();
  const counts = new Map<string, number>();
  for (const [stratum, list] of strata) {
    counts.set(stratum, 0);
    for (const id of list) home.set(id, stratum);
  }
  for (const id of new Set(ids)) {
    const stratum = home.get(id);
    if (stratum !== undefined) counts.set(stratum, counts.get(stratum)! + 1);
  }
  return Object.fromEntries(counts); // own properties, even for a stratum named "__proto__"
}

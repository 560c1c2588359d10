// Which frames a draft of second t may see (VSAS-Bench §4.1): only frames at or before t — causal
// by construction, since the candidates are the seconds 0..t and nothing else. SW keeps the latest
// k; U samples k uniformly over everything so far; SW+U (what VSAS drafted with, k = 42) takes the
// latest ⌈k/2⌉ plus ⌊k/2⌋ uniformly over the older ones.
export const memoryPolicies = ['sw', 'u', 'sw+u'] as const;
export type MemoryPolicy = (typeof memoryPolicies)[number];

/** k indices spread evenly over 0..n−1, first and last included (all of them when n ≤ k). */
function uniform(n: number, k: number): number[] {
  if (n <= k) return Array.from({ length: n }, (_, i) => i);
  if (k === 1) return [n - 1];
  return Array.from({ length: k }, (_, i) => Math.round((i * (n - 1)) / (k - 1)));
}

/** The whole seconds a draft of second `t` is given, ascending, each ≤ t (frames sampled at 1 fps). */
export function framesFor(policy: MemoryPolicy, t: number, k: number): number[] {
  if (!Number.isInteger(k) || k < 1) throw new Error(`k must be a whole number ≥ 1 (got ${k}).`);
  const last = Math.floor(t + 1e-9);
  if (last < 0) return [];
  const n = last + 1; // seconds 0..last
  switch (policy) {
    case 'sw':
      return Array.from({ length: Math.min(k, n) }, (_, i) => n - Math.min(k, n) + i);
    case 'u':
      return uniform(n, k);
    case 'sw+u': {
      const recent = Math.min(Math.ceil(k / 2), n);
      const older = n - recent;
      const sampled = uniform(older, Math.floor(k / 2));
      return [...sampled, ...Array.from({ length: recent }, (_, i) => older + i)];
    }
  }
}

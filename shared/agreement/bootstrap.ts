// Exact draws for a bootstrap over items: how many times each kind of item is picked when n items are
// drawn with replacement. Items that rate alike (the same labels) add the same to a statistic, so a
// resample is a multinomial count over those kinds — drawn as a chain of binomials in O(kinds · log n)
// instead of n uniform picks (a 50,000-item report then costs milliseconds per 1,000 draws, not seconds).

type Uniform = () => number;

/** A uniform in (0, 1]: safe under a logarithm (the generator can return 0). */
const open = (random: Uniform): number => 1 - random();

/** A standard normal (Box–Muller). */
function normal(random: Uniform): number {
  return Math.sqrt(-2 * Math.log(open(random))) * Math.cos(2 * Math.PI * random());
}

/** A Gamma(shape, 1) draw for shape ≥ 1 (Marsaglia & Tsang 2000). */
function gamma(random: Uniform, shape: number): number {
  const d = shape - 1 / 3;
  const c = 1 / Math.sqrt(9 * d);
  for (;;) {
    const x = normal(random);
    const v = (1 + c * x) ** 3;
    if (v > 0 && Math.log(open(random)) < 0.5 * x * x + d - d * v + d * Math.log(v)) return d * v;
  }
}

/** Binomial(n, p) by inversion, counting up from 0: O(np), for small means. */
function binomialByInversion(random: Uniform, n: number, p: number): number {
  const q = 1 - p;
  let f = q ** n;
  let u = random();
  let x = 0;
  while (u > f && x < n) {
    u -= f;
    f *= ((n - x) / (x + 1)) * (p / q);
    x++;
  }
  return x;
}

/** Below this mean, inversion is cheaper than splitting (and q^n stays far from underflow). */
const SMALL_MEAN = 20;

/**
 * Binomial(n, p), exactly. Large means split on an order statistic (Knuth, TAOCP 3.4.1): the a-th
 * smallest of n uniforms is X ~ Beta(a, n + 1 − a); if X ≥ p, the count is that of the a − 1 uniforms
 * below X (uniform on [0, X)) under p; else those a, plus the count of the n − a above X (uniform on
 * (X, 1]) under p. Each split halves n.
 */
export function binomial(random: Uniform, n: number, p: number): number {
  let count = 0;
  for (;;) {
    if (n === 0 || p <= 0) return count;
    if (p >= 1) return count + n;
    if (n * Math.min(p, 1 - p) < SMALL_MEAN) return count + (p <= 0.5 ? binomialByInversion(random, n, p) : n - binomialByInversion(random, n, 1 - p));
    const a = 1 + Math.floor(n / 2);
    const b = n + 1 - a;
    const ga = gamma(random, a);
    const x = ga / (ga + gamma(random, b));
    if (x >= p) {
      n = a - 1;
      p /= x;
    } else {
      count += a;
      n = b - 1;
      p = (p - x) / (1 - x);
    }
  }
}

/** How many of `n` draws with replacement fall on each kind, kind i having `sizes[i]` of the items. */
export function resampleCounts(random: Uniform, n: number, sizes: ArrayLike<number>, into: Float64Array): Float64Array {
  let left = n;
  let rest = 0;
  for (let i = 0; i < sizes.length; i++) rest += sizes[i]!;
  for (let i = 0; i < sizes.length; i++) {
    // the kinds not yet drawn share the remaining draws: a binomial at this kind's share of them
    const picked = i === sizes.length - 1 ? left : binomial(random, left, sizes[i]! / rest);
    into[i] = picked;
    left -= picked;
    rest -= sizes[i]!;
  }
  return into;
}

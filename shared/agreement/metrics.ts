// Agreement between people who labelled the same items: percent agreement, Cohen's κ (unweighted,
// linear and quadratic weights) with its 95 % interval, Fleiss' κ, and Krippendorff's α (nominal,
// ordinal, interval, ratio; missing ratings allowed). Pure functions over ratings.

/** One rating: an item, who rated it, and the label (a string, or a number for ordered metrics). */
export interface Rating {
  item: string;
  rater: string;
  label: string | number;
}

export interface AgreementResult {
  value: number;
  /** 95 % confidence interval where the metric has a standard error formula. */
  ci95: [number, number] | null;
  items: number;
  raters: number;
}

export class AgreementError extends Error {}

const byItem = (ratings: readonly Rating[]): Map<string, Rating[]> => {
  const items = new Map<string, Rating[]>();
  for (const r of ratings) {
    const list = items.get(r.item);
    if (list) list.push(r);
    else items.set(r.item, [r]);
  }
  return items;
};

const ratersOf = (ratings: readonly Rating[]): string[] => [...new Set(ratings.map((r) => r.rater))].sort();

/** The categories in a stable order: numbers ascending, else as strings. */
function categories(ratings: readonly Rating[]): Array<string | number> {
  const values = [...new Set(ratings.map((r) => r.label))];
  return values.every((v) => typeof v === 'number') ? (values as number[]).sort((a, b) => a - b) : values.map(String).sort();
}

/** Pairs of labels two raters gave the items both rated. */
function pairs(ratings: readonly Rating[], raters?: [string, string]): { a: string; b: string; pairs: Array<[string | number, string | number]> } {
  const all = ratersOf(ratings);
  const [a, b] = raters ?? (all.length === 2 ? (all as [string, string]) : [undefined, undefined]);
  if (!a || !b) throw new AgreementError(`Cohen's κ compares exactly two raters; these ratings have ${all.length} (${all.join(', ')}). Name two.`);
  const out: Array<[string | number, string | number]> = [];
  for (const list of byItem(ratings).values()) {
    const x = list.find((r) => r.rater === a);
    const y = list.find((r) => r.rater === b);
    if (x && y) out.push([x.label, y.label]);
  }
  if (out.length === 0) throw new AgreementError(`${a} and ${b} rated no item in common.`);
  return { a, b, pairs: out };
}

/** Share of items on which every rater of the item gave the same label (items with two or more ratings). */
export function percentAgreement(ratings: readonly Rating[]): AgreementResult {
  let agreeing = 0;
  let items = 0;
  for (const list of byItem(ratings).values()) {
    if (list.length < 2) continue;
    items++;
    if (list.every((r) => r.label === list[0]!.label)) agreeing++;
  }
  if (items === 0) throw new AgreementError('No item has two or more ratings.');
  return { value: agreeing / items, ci95: null, items, raters: ratersOf(ratings).length };
}

export type KappaWeights = 'none' | 'linear' | 'quadratic';

export interface CohenResult extends AgreementResult {
  /** Rows: the first rater's labels; columns: the second's; in `labels` order. */
  confusion: number[][];
  labels: Array<string | number>;
}

/**
 * Cohen's κ between two raters over the items both rated. Weighted variants need ordered labels:
 * their weights grow with the distance between category ranks (linear, or squared). The interval
 * uses the large-sample variance of Fleiss, Cohen & Everitt (1969).
 */
export function cohenKappa(ratings: readonly Rating[], weights: KappaWeights = 'none', raters?: [string, string]): CohenResult {
  const { pairs: both } = pairs(ratings, raters);
  const labels = categories(ratings);
  const k = labels.length;
  const index = new Map(labels.map((l, i) => [l, i]));
  const n = both.length;
  const confusion = Array.from({ length: k }, () => new Array<number>(k).fill(0));
  for (const [x, y] of both) confusion[index.get(x)!]![index.get(y)!]!++;
  // agreement weights: 1 on the diagonal, falling with the distance between ranks
  const w = (i: number, j: number): number => {
    if (weights === 'none' || k === 1) return i === j ? 1 : 0;
    const d = Math.abs(i - j) / (k - 1);
    return weights === 'linear' ? 1 - d : 1 - d * d;
  };
  const p = confusion.map((row) => row.map((c) => c / n));
  const rows = p.map((row) => row.reduce((s, v) => s + v, 0));
  const cols = labels.map((_, j) => p.reduce((s, row) => s + row[j]!, 0));
  let po = 0;
  let pe = 0;
  for (let i = 0; i < k; i++) {
    for (let j = 0; j < k; j++) {
      po += w(i, j) * p[i]![j]!;
      pe += w(i, j) * rows[i]! * cols[j]!;
    }
  }
  const value = pe === 1 ? 1 : (po - pe) / (1 - pe);
  let ci95: [number, number] | null = null;
  if (pe < 1) {
    // the mean weight of each row (over the second rater's margins) and of each column (the first's)
    const wRow = labels.map((_, i) => cols.reduce((s, c, j) => s + c * w(i, j), 0));
    const wCol = labels.map((_, j) => rows.reduce((s, r, i) => s + r * w(i, j), 0));
    let sum = 0;
    for (let i = 0; i < k; i++) for (let j = 0; j < k; j++) sum += p[i]![j]! * (w(i, j) - (wRow[i]! + wCol[j]!) * (1 - value)) ** 2;
    const variance = Math.max(0, (sum - (value - pe * (1 - value)) ** 2) / (n * (1 - pe) ** 2));
    const half = 1.959963984540054 * Math.sqrt(variance);
    // the large-sample interval can overshoot on few items; κ itself lies in [−1, 1]
    ci95 = [Math.max(-1, value - half), Math.min(1, value + half)];
  }
  return { value, ci95, items: n, raters: 2, confusion, labels };
}

/** Fleiss' κ: any number of raters, the same number of ratings on every item. */
export function fleissKappa(ratings: readonly Rating[]): AgreementResult {
  const items = [...byItem(ratings).values()];
  if (items.length === 0) throw new AgreementError('No ratings.');
  const m = items[0]!.length;
  if (m < 2 || items.some((list) => list.length !== m)) throw new AgreementError(`Fleiss' κ needs the same number (two or more) of ratings on every item; these have ${[...new Set(items.map((l) => l.length))].sort((a, b) => a - b).join(', ')}.`);
  const labels = categories(ratings);
  const totals = new Map(labels.map((l) => [l, 0]));
  let pBar = 0;
  for (const list of items) {
    const counts = new Map<string | number, number>();
    for (const r of list) counts.set(r.label, (counts.get(r.label) ?? 0) + 1);
    let agree = 0;
    for (const [label, c] of counts) {
      agree += c * (c - 1);
      totals.set(label, totals.get(label)! + c);
    }
    pBar += agree / (m * (m - 1));
  }
  pBar /= items.length;
  let pe = 0;
  for (const c of totals.values()) pe += (c / (items.length * m)) ** 2;
  return { value: pe === 1 ? 1 : (pBar - pe) / (1 - pe), ci95: null, items: items.length, raters: ratersOf(ratings).length };
}

export type AlphaLevel = 'nominal' | 'ordinal' | 'interval' | 'ratio';

/**
 * Krippendorff's α over a coincidence matrix; items with fewer than two ratings are left out
 * (missing ratings are allowed). Ordinal distances count the values between (Krippendorff 2011).
 */
export function krippendorffAlpha(ratings: readonly Rating[], level: AlphaLevel = 'nominal'): AgreementResult {
  const values = categories(ratings);
  if (level !== 'nominal' && !values.every((v) => typeof v === 'number')) throw new AgreementError(`Krippendorff's α (${level}) needs numeric labels.`);
  const index = new Map(values.map((v, i) => [v, i]));
  const k = values.length;
  const o = Array.from({ length: k }, () => new Array<number>(k).fill(0));
  let pairable = 0;
  for (const list of byItem(ratings).values()) {
    const mu = list.length;
    if (mu < 2) continue;
    pairable += mu;
    for (let a = 0; a < mu; a++) for (let b = 0; b < mu; b++) if (a !== b) o[index.get(list[a]!.label)!]![index.get(list[b]!.label)!]! += 1 / (mu - 1);
  }
  if (pairable < 2) throw new AgreementError('Too few pairable ratings: no item has two or more.');
  const nc = o.map((row) => row.reduce((s, v) => s + v, 0));
  const n = nc.reduce((s, v) => s + v, 0);
  const num = values.map((v) => Number(v));
  const delta = (c: number, kk: number): number => {
    if (c === kk) return 0;
    switch (level) {
      case 'nominal':
        return 1;
      case 'interval':
        return (num[c]! - num[kk]!) ** 2;
      case 'ratio':
        return ((num[c]! - num[kk]!) / (num[c]! + num[kk]!)) ** 2;
      case 'ordinal': {
        const [lo, hi] = c < kk ? [c, kk] : [kk, c];
        let between = 0;
        for (let g = lo; g <= hi; g++) between += nc[g]!;
        return (between - (nc[lo]! + nc[hi]!) / 2) ** 2;
      }
    }
  };
  let observed = 0;
  let expected = 0;
  for (let c = 0; c < k; c++) {
    for (let kk = 0; kk < k; kk++) {
      const d = delta(c, kk);
      observed += o[c]![kk]! * d;
      expected += nc[c]! * nc[kk]! * d;
    }
  }
  const value = expected === 0 ? 1 : 1 - ((n - 1) * observed) / expected;
  return { value, ci95: null, items: [...byItem(ratings).values()].filter((l) => l.length >= 2).length, raters: ratersOf(ratings).length };
}

/** Landis & Koch's (1977) words for a κ. */
export function landisKoch(kappa: number): string {
  if (kappa < 0) return 'poor';
  if (kappa <= 0.2) return 'slight';
  if (kappa <= 0.4) return 'fair';
  if (kappa <= 0.6) return 'moderate';
  if (kappa <= 0.8) return 'substantial';
  return 'almost perfect';
}

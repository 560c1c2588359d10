// Figures for issue 9: agreement over 100,000 ratings (50,000 items, two raters; target under 1 s each).
import { cohenKappa, fleissKappa, krippendorffAlpha, percentAgreement, type Rating } from '../shared/agreement/metrics';

export async function benchAgreement(): Promise<void> {
  let seed = 7;
  const random = (): number => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
  const ratings: Rating[] = [];
  for (let i = 0; i < 50_000; i++) {
    const truth = 1 + Math.floor(random() * 5);
    for (const rater of ['ann', 'bob']) ratings.push({ item: `i${i}`, rater, label: random() < 0.8 ? truth : 1 + Math.floor(random() * 5) });
  }
  const time = (name: string, run: () => { value: number }): string => {
    const start = performance.now();
    const { value } = run();
    return `${name} ${value.toFixed(3)} in ${(performance.now() - start).toFixed(0)} ms`;
  };
  console.log(
    `Agreement over ${ratings.length.toLocaleString('en')} ratings: ` +
      [
        time('percent', () => percentAgreement(ratings)),
        time("Cohen's κ (quadratic, with CI)", () => cohenKappa(ratings, 'quadratic')),
        time("Fleiss' κ", () => fleissKappa(ratings)),
        time("Krippendorff's α (ordinal)", () => krippendorffAlpha(ratings, 'ordinal')),
      ].join('; '),
  );
}

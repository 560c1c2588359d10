// What every benchmark's scorer is handed by `scoreRun`: the profile's taxonomy, which extractor reads
// which answer kind, the caller's judgments, the timing and distance settings, and the notes to add to.
import type { AnswerKind, TaxonomyNode } from '../profiles';
import type { Extractor } from './extractors';
import type { Notes } from './notes';
import type { JudgeLookup } from './types';

export const scoringRules = ['release', 'paper'] as const;
export type ScoringRules = (typeof scoringRules)[number];

/** A distance between two texts in [0, 1]; 0 for equal texts (VSAS consistency). */
export type TextDistance = (a: string, b: string) => number;

export interface ScoringContext {
  taxonomy: readonly TaxonomyNode[];
  /** The extractor for an answer kind; null for free text, which a judge scores. */
  extractorFor(kind: AnswerKind): Extractor | null;
  judgments: JudgeLookup | null;
  /** PhoStream: how long after T_p a forward answer still counts. */
  forwardSeconds: number;
  /** Where a release and its paper differ, whose rule scores: the release's (the default) or the paper's. */
  rules: ScoringRules;
  distance: TextDistance;
  notes: Notes;
}

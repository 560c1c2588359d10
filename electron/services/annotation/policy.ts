// What a caller may see of a video's annotations. Every read of marks, questions and query points
// passes through here with the caller, so a rule that hides something (blind review hides the
// authors' answers from a reviewer) is written once, here, and holds for every method that reads.
// Today's rule: annotators, reviewers, researchers and leads all see everything.
import type { VideoAnnotations } from '../../../shared/api';
import type { Caller } from '../../../shared/domain';

export function visibleAnnotations(_caller: Caller, annotations: VideoAnnotations): VideoAnnotations {
  return annotations;
}

/** The same rule for a stored row read whole (the lossless export). */
export function visibleRow(_caller: Caller, _table: string, _row: Record<string, unknown>): boolean {
  return true;
}

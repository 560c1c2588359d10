// What a run file's `item` may name a question by, for showing it where a researcher writing one
// looks (the question editor). The runs service matches an item against the same ids
// (electron/services/runs/matching.ts): the question's Tidemark id, always, and the id its benchmark
// file gave it (OVO-S and VCBench `id`, RTV `questionID`, VSAS `task_id`), kept from the import.
// PhoStream's "<video path>#<index>" counts the other questions of its video in export order and is
// left to the export.
import { benchmarkIdOf } from '../formats/items';
import type { ProfileKind } from '../profiles';
import type { Question } from '../questions';

interface RunItemIds {
  /** The Tidemark id: names exactly this question. */
  id: string;
  /** The benchmark file's own id, when the question came from one that gave it. */
  benchmarkId: string | null;
}

export function runItemIds(question: Pick<Question, 'id' | 'origin'>, profile: ProfileKind): RunItemIds {
  const benchmarkId = benchmarkIdOf({ profile, extra: question.origin?.extra ?? {} });
  return { id: question.id, benchmarkId: benchmarkId === question.id ? null : benchmarkId };
}

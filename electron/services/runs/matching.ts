// Which question a run's "item" names: the Tidemark question id, or the id its benchmark format
// exports — OVO-S and VCBench "id", RTV "questionID", VSAS "task_id" (kept from the imported file),
// PhoStream "<video_path>#<index in verified_responses>" (the question's place among its video's
// PhoStream questions, in the order the export writes them).
import { benchmarkIdOf } from '../../../shared/formats/items';
import type { ProfileKind } from '../../../shared/profiles';
import type { Question } from '../../../shared/questions';
import { allQuestions, queryPointsOfQuestion } from '../annotation/rows';
import type { ReadableDb } from '../db/readable';
import { listProfiles } from '../profiles/rows';
import type { Project } from '../projects/project';

export interface MatchedItem {
  question: Question;
  /** How many query points it has (a response's "query" must be one of them). */
  points: number;
}

export interface ItemIndex {
  get(item: string): MatchedItem | undefined;
  /** The id a question's benchmark format exports it under (what a run file names), else its own id. */
  exportedId(questionId: string): string;
}

export function itemIndex(project: Project, db: ReadableDb): ItemIndex {
  const kinds = new Map<string, ProfileKind>(listProfiles(db).map((p) => [p.id, p.kind]));
  const paths = new Map(project.videos.listFrom(db).map((v) => [v.id, v.relPath]));
  const byKey = new Map<string, Question>();
  const exported = new Map<string, string>();
  const phostreamIndex = new Map<string, number>();
  for (const q of allQuestions(db)) {
    byKey.set(q.id, q);
    const kind = kinds.get(q.profileId) ?? 'custom';
    const id = benchmarkIdOf({ profile: kind, extra: q.origin?.extra ?? {} });
    if (id !== null && !byKey.has(id)) byKey.set(id, q);
    if (id !== null) exported.set(q.id, id);
    if (kind === 'phostream') {
      const extraPath = q.origin?.extra.videoPath;
      const path = typeof extraPath === 'string' ? extraPath : (paths.get(q.videoId) ?? q.videoId);
      const index = phostreamIndex.get(path) ?? 0;
      phostreamIndex.set(path, index + 1);
      byKey.set(`${path}#${index}`, q);
      exported.set(q.id, `${path}#${index}`);
    }
  }
  const points = new Map<string, number>();
  return {
    exportedId: (questionId) => exported.get(questionId) ?? questionId,
    get(item) {
      const question = byKey.get(item);
      if (!question) return undefined;
      if (!points.has(question.id)) points.set(question.id, queryPointsOfQuestion(db, question.id).length);
      return { question, points: points.get(question.id)! };
    },
  };
}

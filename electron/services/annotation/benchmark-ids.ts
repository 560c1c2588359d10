// A new question's benchmark id: the one its profile's format gives it (shared/formats/benchmark-ids.ts),
// free among the ids its profile's questions carry. Asked inside the edit that makes it, so two
// questions made at once never take the same one.
import { withBenchmarkId } from '../../../shared/formats/benchmark-ids';
import { benchmarkIdField } from '../../../shared/formats/items';
import type { QuestionFields } from '../../../shared/questions';
import type { ProjectStores } from '../db/stores';

/** `fields` with the benchmark id its profile's format gives a new question (as they are when none, or one is given). */
export async function givenBenchmarkId<F extends Pick<QuestionFields, 'origin' | 'profileId'>>(stores: Pick<ProjectStores, 'annotation' | 'profiles'>, fields: F): Promise<F> {
  const kind = (await stores.profiles.get(fields.profileId))?.kind;
  const field = kind ? benchmarkIdField({ profile: kind }) : null;
  if (!kind || !field || fields.origin?.extra[field] !== undefined) return fields;
  const taken = await stores.annotation.benchmarkIds(fields.profileId, field);
  return withBenchmarkId(fields, kind, () => taken);
}

// The five built-in profiles every project carries as data, under ids made from their kind.
import { BUILTIN_PROFILES, type Profile } from '../../../shared/profiles';

export const builtinProfileId = (kind: string): string => `builtin:${kind}`;

/** The built-in profiles as stored (added once when a project opens; never edited in place). */
export function builtinProfiles(): Profile[] {
  return BUILTIN_PROFILES.map((definition) => ({ ...definition, id: builtinProfileId(definition.kind), builtin: true }));
}

// Benchmark profiles: the built-in ones and the custom ones a lead makes (the profiles service checks
// the lead itself, after saying a profile is missing or built in).
import { z } from 'zod';
import { profileDefinitionSchema, type Profile } from '../profiles';
import { empty, id } from './fields';
import { method, reply } from './method';

export const profileMethods = {
  'profiles.list': method({ request: empty, response: reply<Profile[]>(), access: 'read', job: false, callers: 'member', blinding: 'no-item-content' }),
  'profiles.create': method({
    request: z.object({ name: z.string().trim().min(1).max(200), copyOf: id.nullable().default(null) }).strict(),
    response: reply<Profile>(),
    access: 'write',
    job: false,
    callers: 'member',
    blinding: 'refused',
  }),
  'profiles.update': method({
    request: z.object({ id, definition: profileDefinitionSchema }).strict(),
    response: reply<Profile>(),
    access: 'write',
    job: false,
    callers: 'member',
    blinding: 'refused',
  }),
  'profiles.remove': method({ request: z.object({ id }).strict(), response: reply<null>(), access: 'write', job: false, callers: 'member', blinding: 'refused' }),
};

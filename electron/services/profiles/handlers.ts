import type { HandlerMap } from '../feature';
import { createProfile, profilesFor, removeProfile, updateProfile } from './service';

export const profileHandlers = {
  'profiles.list': (_req, ctx) => profilesFor(ctx.project(), ctx.caller),
  'profiles.create': (req, ctx) => createProfile(ctx.project(), ctx.caller, req.name, req.copyOf),
  'profiles.update': (req, ctx) => updateProfile(ctx.project(), ctx.caller, req.id, req.definition),
  'profiles.remove': async (req, ctx) => {
    await removeProfile(ctx.project(), ctx.caller, req.id);
    return null;
  },
} satisfies Partial<HandlerMap>;

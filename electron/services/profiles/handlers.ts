import type { AppServices } from '../app-services';
import type { HandlerMap } from '../feature';
import { createProfile, profilesFor, removeProfile, updateProfile } from './service';

export const profileHandlers = (app: AppServices) =>
  ({
    'profiles.list': (_req, caller) => profilesFor(app.requireProject(), caller),
    'profiles.create': (req, caller) => createProfile(app.requireProject(), caller, req.name, req.copyOf),
    'profiles.update': (req, caller) => updateProfile(app.requireProject(), caller, req.id, req.definition),
    'profiles.remove': async (req, caller) => {
      await removeProfile(app.requireProject(), caller, req.id);
      return null;
    },
  }) satisfies Partial<HandlerMap>;

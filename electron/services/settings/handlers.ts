import type { AppServices } from '../app-services';
import type { HandlerMap } from '../feature';
import { checkedRole } from '../review/policy';

export const settingsHandlers = (app: AppServices) =>
  ({
    'settings.get': () => app.settings.get(),
    // who you say you are must be someone the open project allows (its people, in their roles)
    'settings.update': (req) => {
      const db = app.currentProject()?.store.db;
      if (db && (req.personName !== undefined || req.role !== undefined)) checkedRole(db, { ...app.settings.caller(), ...(req.personName ? { person: req.personName } : {}), ...(req.role ? { role: req.role } : {}) });
      return app.settings.update(req);
    },
  }) satisfies Partial<HandlerMap>;

import type { HandlerMap } from '../feature';
import { checkedRole } from '../review/policy';

export const settingsHandlers = {
  'settings.get': (_req, ctx) => ctx.machine.settings.get(),
  // who you say you are must be someone the open project allows (its people, in their roles)
  'settings.update': (req, ctx) => {
    const { settings } = ctx.machine;
    const db = ctx.currentProject()?.store.db;
    if (db && (req.personName !== undefined || req.role !== undefined)) checkedRole(db, { ...settings.caller(), ...(req.personName ? { person: req.personName } : {}), ...(req.role ? { role: req.role } : {}) });
    return settings.update(req);
  },
} satisfies Partial<HandlerMap>;

// Actions a key can run, by id. Each feature registers its own (store/features.ts) and the shortcut
// table names them by id, so key bindings import no action modules.
export const actionIds = [
  'play',
  'shuttle-forward',
  'shuttle-stop',
  'shuttle-back',
  'slower',
  'faster',
  'next-second',
  'previous-second',
  'next-frame',
  'previous-frame',
  'start',
  'end',
  'jump',
  'next-mark',
  'previous-mark',
  'zoom-in',
  'zoom-out',
  'zoom-fit',
  'pan-later',
  'pan-earlier',
  'snap',
  'event',
  'identity',
  'count',
  'span-open',
  'span-close',
  'cycle',
  'cycle-last',
  'split',
  'entity',
  'target',
  'nudge-start-back',
  'nudge-start-forward',
  'nudge-end-back',
  'nudge-end-forward',
  'delete',
  'new-question',
  'query-time',
  'query-add',
  'evidence-start',
  'evidence-end',
  'proactive',
  'window-start',
  'prefix-only',
  'edit-question',
  'panel-marks',
  'panel-questions',
  'undo',
  'redo',
  'import',
  'open',
  'help',
  'review',
  'review-submit',
  'drafting',
  'next-draft',
  'previous-draft',
  'accept-draft',
  'reject-draft',
  'runs',
  /** Esc outside text fields and dialogs: drop what is being made, else the selection; true if it did. */
  'cancel',
  /** Esc leaving a text field: a question just made and left empty goes; true if it did. */
  'discard-new-question',
  /** Esc otherwise: close the overlay or prompt. */
  'close-dialogs',
] as const;
export type ActionId = (typeof actionIds)[number];

/**
 * An action returns true when it did something (Esc uses that to know whether to go on closing). It
 * is told whether its key is held down (auto-repeat): a held step key is decoded further ahead.
 */
type Action = (context: { repeat: boolean }) => boolean | void;

const actions = new Map<ActionId, Action>();

export function registerActions(entries: Partial<Record<ActionId, Action>>): void {
  for (const [id, action] of Object.entries(entries) as Array<[ActionId, Action]>) actions.set(id, action);
}

/** Runs an action by id; false when none is registered or it did nothing. */
export function runAction(id: ActionId, context: { repeat: boolean } = { repeat: false }): boolean {
  const action = actions.get(id);
  return action ? action(context) === true : false;
}

export function isRegistered(id: ActionId): boolean {
  return actions.has(id);
}

import { afterAll, describe, expect, it } from 'vitest';
import { comboLabel, comboOf, fieldShortcutLabel, fieldShortcutOf, forgetChoice, handleKeyDown, noteChoice, reachesPage, shortcutLabel } from './shortcuts';
import { registerActions, type ActionId } from './store/registry';
import { setState } from './store/store';

type KeyEvent = Parameters<typeof comboOf>[0];
const press = (key: string, code: string, mods: Partial<Pick<KeyEvent, 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>> = {}): KeyEvent => ({
  key,
  code,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...mods,
});

describe('comboOf', () => {
  it('tells undo from redo by the Shift key, whatever case the key arrives in', () => {
    expect(comboOf(press('z', 'KeyZ', { ctrlKey: true }))).toBe('Mod+z');
    expect(comboOf(press('Z', 'KeyZ', { ctrlKey: true, shiftKey: true }))).toBe('Mod+Z');
    // Playwright's Control+Shift+z, and some layouts: Shift held, key still lower case
    expect(comboOf(press('z', 'KeyZ', { ctrlKey: true, shiftKey: true }))).toBe('Mod+Z');
    // Caps Lock on: upper-case key without Shift is still undo
    expect(comboOf(press('Z', 'KeyZ', { metaKey: true }))).toBe('Mod+z');
  });
  it('reads the physical key when the layout types no Latin letter', () => {
    expect(comboOf(press('я', 'KeyZ', { ctrlKey: true }))).toBe('Mod+z');
    expect(comboOf(press('Я', 'KeyZ', { ctrlKey: true, shiftKey: true }))).toBe('Mod+Z');
    // macOS Option turns letters into other characters
    expect(comboOf(press('Ω', 'KeyZ', { altKey: true }))).toBe('Alt+z');
  });
  it('keeps the letter a layout types where it is a Latin one (AZERTY’s Ctrl+Z sits on KeyW)', () => {
    expect(comboOf(press('z', 'KeyW', { ctrlKey: true }))).toBe('Mod+z');
  });
  it('leaves keys without modifiers, named keys and symbols as they were', () => {
    expect(comboOf(press('p', 'KeyP'))).toBe('p');
    expect(comboOf(press('P', 'KeyP', { shiftKey: true }))).toBe('P');
    expect(comboOf(press('ArrowLeft', 'ArrowLeft', { altKey: true, shiftKey: true }))).toBe('Alt+Shift+ArrowLeft');
    expect(comboOf(press('ArrowRight', 'ArrowRight', { ctrlKey: true }))).toBe('Mod+ArrowRight');
    expect(comboOf(press('{', 'BracketLeft', { shiftKey: true }))).toBe('{');
    expect(comboOf(press(' ', 'Space'))).toBe(' ');
  });
  it('reads synthetic events that carry no code', () => {
    expect(comboOf(press('e', ''))).toBe('e');
    expect(comboOf(press('y', '', { ctrlKey: true }))).toBe('Mod+y');
  });
});

describe('comboLabel and shortcutLabel', () => {
  it('read as the keys are pressed: a capital letter is Shift and the letter', () => {
    expect(comboLabel('p')).toBe('P');
    expect(comboLabel('P')).toBe('Shift+P');
    expect(comboLabel('Mod+z')).toBe('Ctrl/⌘+Z');
    expect(comboLabel('Mod+Z')).toBe('Ctrl/⌘+Shift+Z');
    expect(comboLabel('Alt+Shift+ArrowLeft')).toBe('Alt+Shift+←');
    expect(comboLabel(' ')).toBe('Space');
    expect(comboLabel('+')).toBe('+');
    expect(comboLabel('Mod++')).toBe('Ctrl/⌘++');
    expect(comboLabel('{')).toBe('{');
  });
  it('name a shortcut by its keys, following a rebinding', () => {
    expect(shortcutLabel('prefix-only', {})).toBe('Shift+P');
    expect(shortcutLabel('proactive', {})).toBe('P');
    expect(shortcutLabel('shuttle-forward', {})).toBe('L');
    expect(shortcutLabel('redo', {})).toBe('Ctrl/⌘+Shift+Z / Ctrl/⌘+Y');
    expect(shortcutLabel('prefix-only', { 'prefix-only': ['Alt+v'] })).toBe('Alt+V');
  });
});

describe('reachesPage', () => {
  it('behind an open overlay no key steps, marks or edits the project; the overlay keys and the key list still work', () => {
    for (const id of ['next-second', 'event', 'delete', 'undo', 'new-question', 'accept-draft', 'play'] as const) {
      expect(reachesPage(id, true)).toBe(false);
      expect(reachesPage(id, false)).toBe(true);
    }
    for (const id of ['help', 'review', 'drafting', 'runs'] as const) expect(reachesPage(id, true)).toBe(true);
  });
});

describe('shortcuts inside a text field', () => {
  it('let through only a combo with a modifier: Shift+Backspace rejects the draft, Backspace and letters stay the field’s', () => {
    setState({ keymap: {} });
    expect(fieldShortcutOf(press('Backspace', 'Backspace', { shiftKey: true }))).toBe('reject-draft');
    expect(fieldShortcutOf(press('Delete', 'Delete', { shiftKey: true }))).toBe('reject-draft');
    expect(fieldShortcutOf(press('Backspace', 'Backspace'))).toBeUndefined();
    expect(fieldShortcutOf(press('a', 'KeyA'))).toBeUndefined();
    expect(fieldShortcutOf(press('A', 'KeyA', { shiftKey: true }))).toBeUndefined();
    expect(fieldShortcutLabel('reject-draft', {})).toBe('Shift+Backspace / Shift+Delete');
  });
  it('follow a rebinding, and a key rebound to a letter works only outside the field', () => {
    const keymap = { 'reject-draft': ['r'] };
    setState({ keymap });
    expect(fieldShortcutOf(press('r', 'KeyR'))).toBeUndefined();
    expect(fieldShortcutOf(press('Backspace', 'Backspace', { shiftKey: true }))).toBeUndefined();
    expect(fieldShortcutLabel('reject-draft', keymap)).toBe('');
    setState({ keymap: { 'reject-draft': ['Alt+x'] } });
    expect(fieldShortcutOf(press('x', 'KeyX', { altKey: true }))).toBe('reject-draft');
    expect(fieldShortcutLabel('reject-draft', { 'reject-draft': ['Alt+x'] })).toBe('Alt+X');
    setState({ keymap: {} });
  });
});

describe('Esc', () => {
  // the page's elements, as much of them as the key handler looks at (the unit tests have no DOM)
  class FakeElement {
    constructor(
      readonly tagName: string,
      readonly type = '',
    ) {}
    isContentEditable = false;
    blurred = 0;
    blur(): void {
      this.blurred++;
    }
  }
  class FakeSelect extends FakeElement {}
  const globals = globalThis as Record<string, unknown>;
  globals.HTMLElement = FakeElement;
  globals.HTMLSelectElement = FakeSelect;
  afterAll(() => {
    delete globals.HTMLElement;
    delete globals.HTMLSelectElement;
  });
  const ran: ActionId[] = [];
  registerActions({
    cancel: () => (ran.push('cancel'), true),
    'discard-new-question': () => (ran.push('discard-new-question'), false),
    'close-dialogs': () => void ran.push('close-dialogs'),
  });
  const key = (k: string, target: FakeElement) =>
    ({ key: k, code: k, target, ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, repeat: false, preventDefault() {} }) as unknown as KeyboardEvent;
  const body = new FakeElement('BODY');

  it('right after a value is chosen in a list only leaves the list, even when the list never had the focus', () => {
    setState({ overlay: null, prompt: null, rebinding: null });
    const list = new FakeSelect('SELECT');
    noteChoice({ target: list } as unknown as Event);
    ran.length = 0;
    handleKeyDown(key('Escape', body));
    expect(list.blurred).toBe(1);
    expect(ran).toEqual(['discard-new-question', 'close-dialogs']);
    // the next Esc lets go of the selection, as before
    ran.length = 0;
    handleKeyDown(key('Escape', body));
    expect(ran).toEqual(['cancel']);
  });

  it('in an overlay leaves a text field first, but closes the overlay from a ticked box (nothing is typed there)', () => {
    setState({ overlay: 'runs', prompt: null, rebinding: null });
    const field = new FakeElement('INPUT', 'text');
    ran.length = 0;
    handleKeyDown(key('Escape', field));
    expect(field.blurred).toBe(1);
    expect(ran).toEqual([]);
    for (const type of ['checkbox', 'radio']) {
      ran.length = 0;
      handleKeyDown(key('Escape', new FakeElement('INPUT', type)));
      expect(ran, type).toEqual(['close-dialogs']);
    }
    setState({ overlay: null });
  });

  it('after another key or a click, a choice made before is no longer what Esc leaves', () => {
    const list = new FakeSelect('SELECT');
    noteChoice({ target: list } as unknown as Event);
    handleKeyDown(key('ArrowRight', body));
    ran.length = 0;
    handleKeyDown(key('Escape', body));
    expect(ran).toEqual(['cancel']);
    noteChoice({ target: list } as unknown as Event);
    forgetChoice();
    ran.length = 0;
    handleKeyDown(key('Escape', body));
    expect(ran).toEqual(['cancel']);
  });
});

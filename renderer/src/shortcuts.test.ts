import { describe, expect, it } from 'vitest';
import { comboLabel, comboOf, reachesPage, shortcutLabel } from './shortcuts';

type KeyEvent = Parameters<typeof comboOf>[0];
const press = (key: string, code: string, mods: Partial<Pick<KeyEvent, 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>> = {}): KeyEvent => ({
  key, code, ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, ...mods,
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

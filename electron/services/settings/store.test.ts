import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultDataDir } from '../data-dir';
import { SettingsStore } from './store';
import { tempDir } from '../test-support/fixtures';

const dir = tempDir();
afterAll(() => dir.remove());

describe('SettingsStore', () => {
  it('remembers recent projects, newest first, without duplicates', () => {
    const store = new SettingsStore(dir.path);
    store.rememberOpened('/a.tidemark', 'A');
    store.rememberOpened('/b.tidemark', 'B');
    store.rememberOpened('/a.tidemark', 'A');
    const again = new SettingsStore(dir.path);
    expect(again.recent().map((r) => r.path)).toEqual(['/a.tidemark', '/b.tidemark']);
    expect(again.recent()[0]!.exists).toBe(false);
    expect(again.lastProject).toBe('/a.tidemark');
  });
  it('records who signed in last on this machine, only by signing in (older files named them personName and role)', () => {
    const path = join(dir.path, 'who');
    const store = new SettingsStore(path);
    expect(store.get().identityChosen).toBe(false);
    expect(store.get().lastCaller.role).toBe('lead');
    store.update({ keymap: {} });
    expect(store.get().identityChosen).toBe(false);
    store.recordSignIn({ person: 'Mara', role: 'reviewer' });
    expect(new SettingsStore(path).get()).toMatchObject({ lastCaller: { person: 'Mara', role: 'reviewer' }, identityChosen: true });
    expect(new SettingsStore(path).lastCaller()).toEqual({ person: 'Mara', role: 'reviewer' });
    writeFileSync(join(path, 'settings.json'), JSON.stringify({ personName: 'Old', role: 'lead', ffmpegSource: 'bundled', keymap: {} }));
    expect(new SettingsStore(path).get()).toMatchObject({ lastCaller: { person: 'Old', role: 'lead' }, identityChosen: false });
    expect(new SettingsStore(path).get()).not.toHaveProperty('personName');
  });

  it('validates updates and survives a corrupt file', () => {
    const store = new SettingsStore(dir.path);
    expect(store.update({ ffmpegSource: 'system' }).ffmpegSource).toBe('system');
    expect(() => store.update({ ffmpegSource: 'mine' as 'system' })).toThrow();
    // no patch names who you are: a field the settings do not have is refused
    expect(() => store.update({ personName: 'Lee' } as never)).toThrow(/personName/);
    writeFileSync(join(dir.path, 'settings.json'), '{not json');
    expect(new SettingsStore(dir.path).get().ffmpegSource).toBe('bundled');
    expect(existsSync(join(dir.path, 'state.json'))).toBe(true);
    expect(JSON.parse(readFileSync(join(dir.path, 'state.json'), 'utf8')).recent).toHaveLength(2);
  });

  it('keeps the desktop’s local video folders: absolute paths, each once; a file without them has none', () => {
    const path = join(dir.path, 'folders');
    const store = new SettingsStore(path);
    expect(store.get().localVideoFolders).toEqual([]);
    store.update({ localVideoFolders: ['/data/ovo', '/data/vcbench', '/data/ovo'] });
    expect(new SettingsStore(path).get().localVideoFolders).toEqual(['/data/ovo', '/data/vcbench']);
    expect(() => store.update({ localVideoFolders: ['videos/ovo'] })).toThrow(/absolute/);
    expect(new SettingsStore(path).get().localVideoFolders).toEqual(['/data/ovo', '/data/vcbench']);
    store.update({ keymap: {} });
    expect(new SettingsStore(path).get().localVideoFolders).toEqual(['/data/ovo', '/data/vcbench']);
  });
});

describe('defaultDataDir', () => {
  it('follows each platform and honours TIDEMARK_DATA_DIR', () => {
    expect(defaultDataDir({ TIDEMARK_DATA_DIR: '/x' }, 'linux')).toBe('/x');
    expect(defaultDataDir({ XDG_CONFIG_HOME: '/cfg' }, 'linux')).toBe('/cfg/Tidemark');
    expect(defaultDataDir({ APPDATA: 'C:/Users/a/AppData/Roaming' }, 'win32')).toMatch(/Roaming.Tidemark$/);
    expect(defaultDataDir({}, 'darwin')).toMatch(/Library.Application Support.Tidemark$/);
  });
});

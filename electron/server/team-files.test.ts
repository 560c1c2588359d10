// A team server's answers name a missing video by its place in the media folder, never the server's path.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { missingFilesForMembers } from './team-files';

const root = join('/srv', 'videos');
const missing = (path: string): string => JSON.stringify({ ok: true, value: [{ statusMessage: `File not found at ${path}. Relink it to its new location.` }] });

describe('missing videos as members are told of them', () => {
  it('names a file by its path in the media folder, or by its name when it lies elsewhere (or there is no media folder)', () => {
    const told = (json: string): string => (JSON.parse(json) as { value: { statusMessage: string }[] }).value[0]!.statusMessage;
    expect(told(missingFilesForMembers(missing(join(root, 'cats', 'a "b".mp4')), root))).toBe('The video file cats/a "b".mp4 is not in the server\'s media folder: ask the server\'s operator.');
    expect(told(missingFilesForMembers(missing(join('/home', 'lee', 'x.mp4')), root))).toBe("The video file x.mp4 is not in the server's media folder: ask the server's operator.");
    expect(told(missingFilesForMembers(missing(join(root, 'y.webm')), undefined))).toBe("The video file y.webm is not in the server's media folder: ask the server's operator.");
  });

  it('leaves every other answer as it is', () => {
    const other = JSON.stringify({ ok: false, error: { code: 'not-found', message: 'File not found.' } });
    expect(missingFilesForMembers(other, root)).toBe(other);
  });
});

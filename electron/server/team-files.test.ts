// A team server's members are told of a missing video by its place in the media folder, never the server's path.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { missingFileForMembers } from './team-files';

const root = join('/srv', 'videos');

describe('missing videos as members are told of them', () => {
  it('names a file by its path in the media folder, or by its name when it lies elsewhere (or there is no media folder)', () => {
    expect(missingFileForMembers(join(root, 'cats', 'a "b".mp4'), root)).toBe('The video file cats/a "b".mp4 is not in the server\'s media folder: ask the server\'s operator.');
    expect(missingFileForMembers(join('/home', 'lee', 'x.mp4'), root)).toBe("The video file x.mp4 is not in the server's media folder: ask the server's operator.");
    expect(missingFileForMembers(join(root, 'y.webm'), undefined)).toBe("The video file y.webm is not in the server's media folder: ask the server's operator.");
  });
});

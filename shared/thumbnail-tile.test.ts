import { describe, expect, it } from 'vitest';
import { thumbnailTile } from './thumbnail-tile';

describe('the thumbnail of a whole second', () => {
  const manifest = { tileWidth: 64, tileHeight: 36, columns: 10, rows: 10, count: 150 };
  it('is tile k of the sheets, packed row by row, columns × rows a sheet', () => {
    expect(thumbnailTile(manifest, 0)).toEqual({ sheet: 0, x: 0, y: 0 });
    expect(thumbnailTile(manifest, 12)).toEqual({ sheet: 0, x: 128, y: 36 });
    expect(thumbnailTile(manifest, 99)).toEqual({ sheet: 0, x: 576, y: 324 });
    expect(thumbnailTile(manifest, 105)).toEqual({ sheet: 1, x: 320, y: 0 });
    expect(thumbnailTile(manifest, 149)).toEqual({ sheet: 1, x: 576, y: 144 });
  });
  it('is none past the last second, before the first, or between seconds', () => {
    expect(thumbnailTile(manifest, 150)).toBeNull();
    expect(thumbnailTile(manifest, -1)).toBeNull();
    expect(thumbnailTile(manifest, 3.5)).toBeNull();
  });
});

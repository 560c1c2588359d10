// Where the thumbnail of a whole second lies in a video's 1-FPS sheets: tile k is the frame shown at
// second k (the frame a drafting request sends for k too), tiles packed row by row, columns × rows
// to a sheet. In pixels of the sheet as stored.
import type { ThumbnailManifest } from './domain';

export function thumbnailTile(m: Pick<ThumbnailManifest, 'tileWidth' | 'tileHeight' | 'columns' | 'rows' | 'count'>, second: number): { sheet: number; x: number; y: number } | null {
  if (!Number.isInteger(second) || second < 0 || second >= m.count) return null;
  const perSheet = m.columns * m.rows;
  const within = second % perSheet;
  return { sheet: Math.floor(second / perSheet), x: (within % m.columns) * m.tileWidth, y: Math.floor(within / m.columns) * m.tileHeight };
}

// With an identity selected, dragging on the video draws its crop; the crop becomes the identity's
// thumbnail in the registry (captured from the frame on screen).
import { useRef, useState } from 'react';
import { playerControl } from '../player/control';
import { updateMark } from '../store/annotation/mark-actions';
import { selectedMark } from '../store/annotation/selectors';
import { useStore } from '../store/store';

interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Where the picture sits inside the <video> box (object-fit: contain letterboxes it). */
function pictureRect(video: HTMLVideoElement): DOMRect {
  const box = video.getBoundingClientRect();
  const scale = Math.min(box.width / video.videoWidth, box.height / video.videoHeight);
  const w = video.videoWidth * scale;
  const h = video.videoHeight * scale;
  return new DOMRect(box.left + (box.width - w) / 2, box.top + (box.height - h) / 2, w, h);
}

export function captureThumbnail(video: HTMLVideoElement, crop: Rect): string {
  const sw = crop.w * video.videoWidth;
  const sh = crop.h * video.videoHeight;
  const scale = 96 / Math.max(sw, sh);
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(sw * scale));
  canvas.height = Math.max(1, Math.round(sh * scale));
  canvas.getContext('2d')?.drawImage(video, crop.x * video.videoWidth, crop.y * video.videoHeight, sw, sh, 0, 0, canvas.width, canvas.height);
  return canvas.toDataURL('image/jpeg', 0.8);
}

export function CropOverlay(): React.JSX.Element | null {
  const selected = useStore(selectedMark);
  const mark = selected?.type === 'identity' ? selected : null;
  const [drag, setDrag] = useState<{ x0: number; y0: number; x1: number; y1: number } | null>(null);
  const ref = useRef<HTMLDivElement>(null);
  if (!mark || mark.type !== 'identity') return null;
  const video = (): HTMLVideoElement | null => playerControl.screen();
  const norm = (clientX: number, clientY: number): { x: number; y: number } | null => {
    const v = video();
    if (!v?.videoWidth) return null;
    const r = pictureRect(v);
    return { x: Math.min(Math.max((clientX - r.left) / r.width, 0), 1), y: Math.min(Math.max((clientY - r.top) / r.height, 0), 1) };
  };
  const shown = drag ? { x: Math.min(drag.x0, drag.x1), y: Math.min(drag.y0, drag.y1), w: Math.abs(drag.x1 - drag.x0), h: Math.abs(drag.y1 - drag.y0) } : (mark.data.crop ?? null);
  const v = video();
  const r = v?.videoWidth ? pictureRect(v) : null;
  const host = ref.current?.getBoundingClientRect();
  return (
    <div
      ref={ref}
      className="crop-overlay"
      title="Drag to crop this identity's thumbnail"
      onPointerDown={(e) => {
        const p = norm(e.clientX, e.clientY);
        if (!p) return;
        (e.target as HTMLElement).setPointerCapture(e.pointerId);
        setDrag({ x0: p.x, y0: p.y, x1: p.x, y1: p.y });
      }}
      onPointerMove={(e) => {
        const p = drag && norm(e.clientX, e.clientY);
        if (p) setDrag({ ...drag!, x1: p.x, y1: p.y });
      }}
      onPointerUp={() => {
        const v2 = video();
        if (drag && shown && shown.w > 0.01 && shown.h > 0.01 && v2) void updateMark(mark.id, { data: { crop: shown, thumbnail: captureThumbnail(v2, shown) } });
        setDrag(null);
      }}
    >
      {shown && r && host && (
        <div className="crop-rect" style={{ left: r.left - host.left + shown.x * r.width, top: r.top - host.top + shown.y * r.height, width: shown.w * r.width, height: shown.h * r.height }}>
          <span>{mark.data.label}</span>
        </div>
      )}
    </div>
  );
}

import { describe, expect, it } from 'vitest';
import { buildLaneIndex } from '../../../shared/lanes';
import type { Mark } from '../../../shared/marks';
import type { Question } from '../../../shared/questions';
import { LANE_HEIGHT, LANES, LANES_TOP, paintTimeline, TIMELINE_HEIGHT, timelineHeight, type TimelinePicture } from './draw';
import { EXTRA_LANE_HEIGHT } from './extra-lanes';
import { testQuestion } from '../../../shared/questions.test-util';

interface Painted {
  text: string;
  x: number;
  y: number;
  width: number;
}

interface Filled {
  x: number;
  y: number;
  w: number;
  h: number;
  fillStyle: unknown;
}

/** A 2D context that records the text (10 px per character, 10 px high), rectangles and the colours of the lines stroked, and ignores the rest. */
function recordingContext(): { ctx: CanvasRenderingContext2D; texts: Painted[]; rects: Filled[]; strokes: unknown[] } {
  const texts: Painted[] = [];
  const rects: Filled[] = [];
  const strokes: unknown[] = [];
  const props: Record<string | symbol, unknown> = {};
  const record = {
    fillText: (text: string, x: number, y: number) => void texts.push({ text, x, y, width: text.length * 10 }),
    fillRect: (x: number, y: number, w: number, h: number) => void rects.push({ x, y, w, h, fillStyle: props.fillStyle }),
    measureText: (text: string) => ({ width: text.length * 10 }),
    stroke: () => void strokes.push(props.strokeStyle),
  };
  const ctx = new Proxy(record, {
    get: (target, name) => (name in target ? target[name as keyof typeof target] : name in props ? props[name] : () => undefined),
    set: (_target, name, value) => {
      props[name] = value;
      return true;
    },
  });
  return { ctx: ctx as unknown as CanvasRenderingContext2D, texts, rects, strokes };
}

const countingQuestion: Question = testQuestion({
  profileId: 'vcbench',
  taskCode: 'E1-Action',
  text: 'How many?',
  answerKind: 'number',
  counting: { subcategory: 'E1-Action', target: 'cuts', windowSeconds: null },
});
const marks: Mark[] = [{ id: 'e', videoId: 'v', type: 'event', start: 2, end: null, target: 'cuts', data: {} }];

function picture(over: Partial<TimelinePicture> = {}): TimelinePicture {
  return {
    view: { start: 0, pxPerSec: 40 },
    bounds: { duration: 20, fps: 25, width: 800 },
    time: 1,
    videoId: 'v',
    manifest: undefined,
    thumbProgress: null,
    lanes: buildLaneIndex(marks),
    marks,
    selectedMarkId: null,
    questions: [countingQuestion],
    queryPoints: [],
    selectedQuestion: null,
    selectedQueryPointId: null,
    prefixLimit: null,
    openMarks: [],
    drag: null,
    brush: null,
    prefixHint: 'Shift+P shows all',
    extraLanes: [],
    modelCounts: [],
    countWithheld: false,
    ...over,
  };
}

/** The count line's colour; the playhead is red too, so these tests put it out of view (at 30 s). */
const COUNT_RED = '#ff5a5f';
const LANE_NAMES = ['query', 'caption', 'event', 'span', 'cycle', 'identity', 'count', 'entity'];
const overlaps = (a: Painted, b: Painted): boolean => a.x < b.x + b.width && b.x < a.x + a.width && Math.abs(a.y - b.y) < 10;

describe('paintTimeline', () => {
  it('draws the count label clear of the lane names', () => {
    const { ctx, texts } = recordingContext();
    paintTimeline(
      ctx,
      picture({ selectedQuestion: countingQuestion }),
      () => '',
      () => undefined,
    );
    const label = texts.find((t) => t.text.startsWith('E1-Action · cuts'));
    expect(label).toBeDefined();
    const names = texts.filter((t) => LANE_NAMES.includes(t.text));
    expect(names).toHaveLength(LANE_NAMES.length);
    expect(names.filter((n) => overlaps(n, label!))).toEqual([]);
  });

  it('draws the count line of a counting question from its marks, with its largest value', () => {
    const { ctx, texts, strokes } = recordingContext();
    paintTimeline(
      ctx,
      picture({ selectedQuestion: countingQuestion, time: 30 }),
      () => '',
      () => undefined,
    );
    expect(texts.map((t) => t.text)).toContain('E1-Action · cuts (max 1)');
    expect(strokes).toContain(COUNT_RED);
  });

  it('draws no count and no count line where the answer is withheld (blind review), and says it is withheld', () => {
    // a blind reviewer gets none of the marks the count derives from: a line at 0 would read as the answer
    const { ctx, texts, strokes } = recordingContext();
    paintTimeline(
      ctx,
      picture({ selectedQuestion: countingQuestion, marks: [], lanes: buildLaneIndex([]), countWithheld: true, time: 30 }),
      () => '',
      () => undefined,
    );
    const label = texts.find((t) => t.text.startsWith('E1-Action · cuts'));
    expect(label?.text).toBe('E1-Action · cuts — answer withheld (blind review)');
    expect(texts.some((t) => t.text.includes('max'))).toBe(false);
    expect(strokes).not.toContain(COUNT_RED);
  });

  it('says which key lifts the prefix-only view, as the keymap has it', () => {
    const { ctx, texts } = recordingContext();
    paintTimeline(
      ctx,
      picture({ prefixLimit: 5, prefixHint: 'Shift+P shows all' }),
      () => '',
      () => undefined,
    );
    const hint = texts.find((t) => t.text.startsWith('after the prefix'));
    expect(hint?.text).toBe('after the prefix — hidden (Shift+P shows all)');
  });

  it('draws an open interval from its start to the playhead, even when its start is out of view', () => {
    const open: Mark = { id: 's', videoId: 'v', type: 'span', start: 2, end: null, target: '', data: {} };
    const all = [...marks, open];
    const spanTop = LANES_TOP + LANES.indexOf('span') * LANE_HEIGHT + 3;
    const inSpanLane = (rects: Filled[]) => rects.filter((r) => r.y === spanTop);

    const shown = recordingContext();
    paintTimeline(
      shown.ctx,
      picture({ marks: all, lanes: buildLaneIndex(all), openMarks: [open], time: 6 }),
      () => '',
      () => undefined,
    );
    expect(inSpanLane(shown.rects).map((r) => [r.x, r.w])).toEqual([[80, 160]]);

    const scrolled = recordingContext();
    paintTimeline(
      scrolled.ctx,
      picture({ view: { start: 10, pxPerSec: 40 }, marks: all, lanes: buildLaneIndex(all), openMarks: [open], time: 15 }),
      () => '',
      () => undefined,
    );
    expect(inSpanLane(scrolled.rects).map((r) => [r.x, r.w])).toEqual([[-320, 520]]);
  });

  it('adds a labelled lane per person below the mark lanes only when a review gives some, drawing what is in view', () => {
    const plain = recordingContext();
    paintTimeline(
      plain.ctx,
      picture(),
      () => '',
      () => undefined,
    );
    expect(timelineHeight(picture())).toBe(TIMELINE_HEIGHT);
    expect(plain.rects.filter((r) => r.y >= TIMELINE_HEIGHT)).toEqual([]);

    const extraLanes = [
      {
        label: 'ana',
        colour: '#4fa3ff',
        intervals: [
          [1, 3],
          [30, 40],
        ] as Array<[number, number]>,
        moments: [],
      },
      { label: 'a long name for a lane', colour: '#f4a261', intervals: [[2, 4]] as Array<[number, number]>, moments: [5] },
    ];
    const p = picture({ extraLanes });
    expect(timelineHeight(p)).toBe(TIMELINE_HEIGHT + 2 * EXTRA_LANE_HEIGHT + 4);
    const shown = recordingContext();
    paintTimeline(
      shown.ctx,
      p,
      () => '',
      () => undefined,
    );
    expect(shown.texts.filter((t) => t.y > TIMELINE_HEIGHT).map((t) => t.text)).toEqual(['ana', 'a long…']);
    const intervals = shown.rects.filter((r) => r.y > TIMELINE_HEIGHT && (r.fillStyle === '#4fa3ff' || r.fillStyle === '#f4a261') && r.h > 8);
    // 30–40 s lies past the view (20 s at 40 px/s): not drawn; the event moment at 5 s is a tick
    expect(intervals.map((r) => [r.x, r.w])).toEqual([
      [40, 80],
      [80, 80],
      [199, 2],
    ]);
  });
});

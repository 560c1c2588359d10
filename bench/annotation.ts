// Figures for issue 3: an hour of video with 20,000 marks and 2,000 questions — timeline frame
// time while zooming and panning, list scroll frame time, key press to the new mark drawn.
import type { Page } from '@playwright/test';
import { ZOOM_AND_PAN } from './foundation';
import { frameTimes, ms, oneHourVideo, openInBrowser, pageApi, stats } from './support';

const MARKS = 20_000;
const QUESTIONS = 2_000;

/** A deterministic mix of every mark type over an hour, as a busy counting project would have. */
function syntheticMarks(duration: number): unknown[] {
  const marks: unknown[] = [];
  let seed = 7;
  const random = (): number => ((seed = (seed * 16807) % 2147483647) / 2147483647);
  for (let i = 0; i < MARKS; i++) {
    const t = Math.round(random() * (duration - 20) * 10) / 10;
    switch (i % 6) {
      case 0:
        marks.push({ type: 'event', start: t, end: null, target: 'cuts', data: {} });
        break;
      case 1:
        marks.push({ type: 'span', start: t, end: t + 1 + Math.round(random() * 10), target: 'episodes', data: {} });
        break;
      case 2:
        marks.push({ type: 'cycle', start: t, end: t + 3, target: 'laps', data: { splits: [t + 1, t + 2] } });
        break;
      case 3:
        marks.push({ type: 'identity', start: t, end: null, target: 'people', data: { label: `#${i}` } });
        break;
      case 4:
        marks.push({ type: 'count', start: t, end: null, target: 'chairs', data: { value: Math.floor(random() * 9) } });
        break;
      default:
        marks.push({ type: 'caption', start: Math.floor(t), end: Math.floor(t) + 1, target: 'captions', data: { text: `caption ${i}` } });
    }
  }
  return marks;
}

async function populate(page: Page, videoId: string, duration: number, profileId: string): Promise<void> {
  const api = pageApi(page);
  for (let i = 0; i < MARKS; i += 5_000) await api('marks.create', { videoId, marks: syntheticMarks(duration).slice(i, i + 5_000) });
  for (let i = 0; i < QUESTIONS; i++) {
    const t = ((i + 1) / (QUESTIONS + 1)) * duration;
    await api('questions.create', {
      videoId,
      fields: { profileId, taskCode: '1.1.1', text: `Question ${i}: how far is the sign?`, answerKind: 'choice', options: { A: '1 m', B: '2 m', C: '3 m', D: '4 m' } },
      queryPoints: [{ time: Math.round(t * 10) / 10, answer: 'B', evidence: [[Math.max(0, Math.round(t) - 3), Math.round(t) - 1]] }],
    });
  }
}

export async function benchAnnotation(): Promise<void> {
  const path = await oneHourVideo();
  await openInBrowser(path, async (page) => {
    await page.waitForFunction(() => !document.querySelector('[data-testid="jobs"]'), null, { timeout: 600_000 });
    const api = pageApi(page);
    const videos = await api<Array<{ id: string; name: string; duration: number }>>('videos.list', {});
    const video = videos.find((v) => path.endsWith(v.name))!;
    const profiles = await api<Array<{ id: string; kind: string }>>('profiles.list', {});
    const started = performance.now();
    await populate(page, video.id, video.duration, profiles.find((p) => p.kind === 'ovo-s-bench')!.id);
    console.log(`(setup: ${MARKS.toLocaleString('en')} marks and ${QUESTIONS.toLocaleString('en')} questions written through the API in ${((performance.now() - started) / 1000).toFixed(1)} s)`);
    await page.reload();
    await page.waitForFunction((n) => document.querySelector('[data-testid="tab-marks"]')?.textContent?.includes(`(${n})`), MARKS, { timeout: 120_000 });
    await page.locator('body').click({ position: { x: 5, y: 5 } });

    const timeline = stats(await frameTimes(page, ZOOM_AND_PAN, 1200));
    console.log(`Timeline frame time, zooming and panning an hour with ${MARKS.toLocaleString('en')} marks (${timeline.n} frames): median ${ms(timeline.median)}, p95 ${ms(timeline.p95)}, max ${ms(timeline.max)}`);

    const scrollMarks = `const list = document.querySelector('[data-testid="marks-list"]'); list.scrollTop = (i % 300) * 400;`;
    const marksScroll = stats(await frameTimes(page, scrollMarks, 600));
    console.log(`Marks list scroll frame time (${MARKS.toLocaleString('en')} rows, 400 px per frame, ${marksScroll.n} frames): median ${ms(marksScroll.median)}, p95 ${ms(marksScroll.p95)}, max ${ms(marksScroll.max)}`);

    await page.getByTestId('tab-questions').click();
    const scrollQuestions = `const list = document.querySelector('[data-testid="questions-list"]'); list.scrollTop = (i % 300) * 400;`;
    const questionsScroll = stats(await frameTimes(page, scrollQuestions, 600));
    console.log(`Questions list scroll frame time (${QUESTIONS.toLocaleString('en')} rows with lints, ${questionsScroll.n} frames): median ${ms(questionsScroll.median)}, p95 ${ms(questionsScroll.p95)}, max ${ms(questionsScroll.max)}`);
    await page.getByTestId('tab-marks').click();
    await page.locator('body').click({ position: { x: 5, y: 5 } });

    // key press → the new mark is in the list count and the timeline has repainted with it
    const latencies = await page.evaluate(async () => {
      const tab = document.querySelector('[data-testid="tab-marks"]') as HTMLElement;
      const canvas = document.querySelector('[data-testid="timeline"] canvas') as HTMLCanvasElement;
      const count = (): number => Number(/\((\d+)\)/.exec(tab.textContent ?? '')?.[1] ?? 0);
      const times: number[] = [];
      for (let i = 0; i < 100; i++) {
        window.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
        await new Promise((r) => setTimeout(r, 30));
        const before = count();
        const start = performance.now();
        window.dispatchEvent(new KeyboardEvent('keydown', { key: 'e', bubbles: true }));
        await new Promise<void>((resolve) => {
          const poll = (): void => {
            if (count() > before) {
              const paints = Number(canvas.dataset.paints ?? 0);
              const waitPaint = (): void => (Number(canvas.dataset.paints ?? 0) > paints ? resolve() : void requestAnimationFrame(waitPaint));
              requestAnimationFrame(waitPaint);
            } else requestAnimationFrame(poll);
          };
          poll();
        });
        times.push(performance.now() - start);
      }
      return times;
    });
    const keyToMark = stats(latencies);
    console.log(`Key press (E) to the new mark drawn, with ${MARKS.toLocaleString('en')} marks (${keyToMark.n} presses): median ${ms(keyToMark.median)}, p95 ${ms(keyToMark.p95)}, max ${ms(keyToMark.max)}`);
  });
}

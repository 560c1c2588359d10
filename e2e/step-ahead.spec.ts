// Decoding ahead must stay exact: the pixels on screen after each step are the commanded frame's.
// The test video draws its own frame number as nine black-or-white bars (bit k of the frame index in
// bar k), read back from a screenshot of the page — what was composited, not what an element holds.
import { runProcess } from '../electron/services/media/run-process';
import { resolveMediaTools } from '../electron/services/media/tools';
import { expect, keys, playerState, test } from './support/fixtures';
import type { Page } from '@playwright/test';

const BARS = 9;

/** 12 s at 30 fps, 320×180, a keyframe every 2 s, each frame's index drawn in bars. */
async function frameNumberVideo(path: string): Promise<void> {
  const bit = `mod(floor(N/pow(2,floor(X*${BARS}/W))),2)`;
  const out = await runProcess(resolveMediaTools('bundled').ffmpeg, [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    `color=c=black:s=320x180:r=30:d=12,format=gray,geq=lum='255*${bit}'`,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-g',
    '60',
    '-y',
    path,
  ]);
  if (out.code !== 0) throw new Error(out.stderr);
}

/** The frame index drawn on screen: a screenshot of the player, decoded by the page, bars read at their middles. */
async function frameOnScreen(page: Page): Promise<number> {
  const player = page.getByTestId('player');
  const png = (await player.screenshot()).toString('base64');
  return player.evaluate(async (el, data) => {
    const video = el.querySelector('video') as HTMLVideoElement;
    // (decoded from bytes: the page's CSP allows no fetch of a data: URL)
    const bitmap = await createImageBitmap(new Blob([Uint8Array.from(atob(data), (c) => c.charCodeAt(0))], { type: 'image/png' }));
    const canvas = document.createElement('canvas');
    canvas.width = bitmap.width;
    canvas.height = bitmap.height;
    const g = canvas.getContext('2d')!;
    g.drawImage(bitmap, 0, 0);
    // the picture is letterboxed in the player (object-fit: contain)
    const scale = Math.min(bitmap.width / video.videoWidth, bitmap.height / video.videoHeight);
    const [w, h] = [video.videoWidth * scale, video.videoHeight * scale];
    const [x0, y0] = [(bitmap.width - w) / 2, (bitmap.height - h) / 2];
    let frame = 0;
    for (let k = 0; k < 9; k++) {
      const [r] = g.getImageData(Math.round(x0 + ((k + 0.5) * w) / 9), Math.round(y0 + h / 2), 1, 1).data;
      if (r! > 128) frame += 2 ** k;
    }
    return frame;
  }, png);
}

async function settled(page: Page): Promise<number> {
  await expect
    .poll(async () => {
      const s = await playerState(page);
      return s.presentedFrame !== '' && s.presentedFrame === s.commandedFrame;
    })
    .toBe(true);
  return Number((await playerState(page)).commandedFrame);
}

/** The frame-number video made, imported through the UI and picked with the mouse. */
async function pickFrameNumberVideo(page: Page, url: string, path: string): Promise<void> {
  await frameNumberVideo(path);
  await page.goto(url);
  await expect(page.getByTestId('library-row')).toHaveCount(2, { timeout: 60_000 });
  await keys(page, 'i');
  await page.getByTestId('path-input').fill(path);
  await page.getByTestId('path-submit').click();
  await page.locator('[data-video-name="frame-numbers.mp4"]').click();
}

test('each step shows exactly the commanded frame, whether a lane decoded it ahead or not', async ({ page, tidemark }, testInfo) => {
  await pickFrameNumberVideo(page, tidemark.url, testInfo.outputPath('frame-numbers.mp4'));
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  expect(await settled(page)).toBe(0);
  await expect(page.getByTestId('step-ahead')).toHaveCount(5);

  let byLane = 0;
  // forward and back by seconds and frames, a pause between some steps (lanes get ready) and none
  // between others (lanes still seeking), across keyframes, and a jump
  const sequence = [
    'ArrowRight',
    'ArrowRight',
    '.',
    '.',
    ',',
    'ArrowRight',
    'ArrowLeft',
    'ArrowLeft',
    ',',
    ',',
    'ArrowRight',
    'ArrowRight',
    'ArrowRight',
    '.',
    'ArrowLeft',
    'jump',
    'ArrowRight',
    ',',
    'ArrowLeft',
  ];
  for (const [i, key] of sequence.entries()) {
    if (key === 'jump') {
      await keys(page, 'g');
      await page.getByTestId('jump-input').fill('7.5');
      await keys(page, 'Enter');
    } else await keys(page, key);
    if (i % 3 === 0) await page.waitForTimeout(400);
    const commanded = await settled(page);
    if ((await page.locator('.step-ahead.shown').count()) > 0) byLane++;
    expect(await frameOnScreen(page), `after ${key} (step ${i + 1})`).toBe(commanded);
  }
  expect(Number((await playerState(page)).commandedFrame)).toBe(210);
  // the path under test was taken: most steps were shown by a lane
  expect(byLane).toBeGreaterThan(sequence.length / 2);

  // turned off while a lane is on screen: the frame stays the commanded one, the lanes let go of the
  // video, and the same frames come by seeking alone — also after a reload (a setting of this machine)
  await keys(page, 'ArrowRight');
  await page.waitForTimeout(400);
  await keys(page, 'ArrowRight');
  const before = await settled(page);
  await page.getByTestId('decode-ahead').click();
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await expect(page.locator('.step-ahead[src]')).toHaveCount(0);
  await expect(page.locator('.step-ahead.shown')).toHaveCount(0);
  expect(await frameOnScreen(page)).toBe(before);
  expect(await settled(page)).toBe(before);
  await page.reload();
  await expect(page.getByTestId('decode-ahead')).toHaveText('Instant steps: off');
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  for (const key of ['ArrowRight', '.', 'ArrowLeft']) {
    await keys(page, key);
    expect(await frameOnScreen(page)).toBe(await settled(page));
    await expect(page.locator('.step-ahead[src]')).toHaveCount(0);
  }
  // and on again: once the lanes have loaded the video, they show steps once more
  await page.getByTestId('decode-ahead').click();
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await expect(page.locator('.step-ahead[src]')).toHaveCount(5);
  await keys(page, 'Home');
  let byLaneAgain = false;
  for (let i = 0; i < 8 && !byLaneAgain; i++) {
    await page.waitForTimeout(400);
    await keys(page, 'ArrowRight');
    const after = await settled(page);
    expect(await frameOnScreen(page)).toBe(after);
    byLaneAgain = (await page.locator('.step-ahead.shown').count()) === 1;
  }
  expect(byLaneAgain).toBe(true);
});

test('Space plays right after a video is picked or a transport button is clicked; a pause settles on the frame on screen', async ({ page, tidemark }, testInfo) => {
  // three rounds and the end, each read back from screenshots: on a loaded machine over a minute
  test.setTimeout(180_000);
  // picked with the mouse, and then straight to the keyboard (no click elsewhere first)
  await pickFrameNumberVideo(page, tidemark.url, testInfo.outputPath('frame-numbers.mp4'));
  expect(await settled(page)).toBe(0);
  const playing = (): Promise<string | null> => page.getByTestId('player').getAttribute('data-playing');
  const presented = async (): Promise<number> => Number((await playerState(page)).presentedFrame);
  // a screenshot read back takes seconds on a loaded machine: give the comparison time for a few
  const screenMatches = (message: string) => expect.poll(async () => (await frameOnScreen(page)) - (await settled(page)), { message, timeout: 40_000 }).toBe(0);
  for (const [round, clickFirst] of [
    [0, null],
    [1, 'decode-ahead'],
    [2, 'decode-ahead'],
  ] as const) {
    // each round plays from the start, so however slow the machine the pause comes before the end
    // (the end is checked below): the 12 s video is not run through by three rounds' playing
    if (round > 0) {
      await keys(page, 'Home');
      expect(await settled(page)).toBe(0);
    }
    if (clickFirst) await page.getByTestId(clickFirst).click();
    await keys(page, ' ');
    await expect.poll(playing).toBe('true');
    // paused once playback has shown frames (on a loaded machine the first comes late), a little
    // later each round so the pause lands at different points of decoding
    await expect.poll(presented, { message: `round ${round}: playback shows frames` }).toBeGreaterThan(0);
    await page.waitForTimeout(170 * round);
    await keys(page, ' ');
    await expect.poll(playing).toBe('false');
    // the frame named is the frame shown, exactly (a frame playback had under way reaches the
    // screen after the pause, on a loaded machine late: the name follows it)
    const paused = await settled(page);
    expect(paused, `round ${round}`).toBeGreaterThan(0);
    expect(paused, `round ${round}: paused before the end`).toBeLessThan(359);
    await screenMatches(`round ${round}`);
  }
  // playing to the end stops on the last frame (359), named and shown — not on the duration, a frame past it
  await keys(page, 'g');
  await page.getByTestId('jump-input').fill('11');
  await keys(page, 'Enter');
  expect(await settled(page)).toBe(330);
  await keys(page, ' ');
  // a second of playing (too short to catch reliably on a loaded machine) that stops by itself
  const stopped = async (): Promise<string> => `${await playing()} ${(await playerState(page)).commandedFrame}`;
  await expect.poll(stopped, { timeout: 30_000 }).toBe('false 359');
  expect(await settled(page)).toBe(359);
  await screenMatches('at the end');
});

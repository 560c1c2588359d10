import { writeFileSync } from 'node:fs';
import { renderSyntheticVideo } from '../electron/services/media/synthetic';
import { resolveMediaTools } from '../electron/services/media/tools';
import { expect, expectPresented, openDemoVideo, playerState, test } from './support/fixtures';

test('a fresh start opens the demo project with thumbnails', async ({ page, tidemark }) => {
  await page.goto(tidemark.url);
  await expect(page.getByTestId('project-name')).toHaveText('Tidemark demo', { timeout: 60_000 });
  await expect(page.getByTestId('library-row')).toHaveCount(2);
  await expect(page.locator('[data-video-name="counting-objects.mp4"]')).toContainText('0:24 · 30 fps · 640×360 · h264');
  await expect(page.locator('[data-video-name="clock-test-pattern.mp4"]')).toContainText('25 fps');
  // thumbnails of the selected video are extracted in the background and drawn in the filmstrip
  await expect(page.locator('.library-row.selected .thumb:not(.placeholder)')).toBeVisible({ timeout: 30_000 });
  // the URL no longer shows the token (it became an HttpOnly cookie)
  expect(page.url()).not.toContain('token=');
});

test('import a generated video and see a clear message for a bad file', async ({ page, tidemark }, testInfo) => {
  const tools = resolveMediaTools('bundled');
  const good = testInfo.outputPath('imported-clip.webm');
  await renderSyntheticVideo(
    tools.ffmpeg,
    { width: 320, height: 180, fps: 30, codec: 'vp9', scenes: [{ background: 'purple', seconds: 3, objects: [{ color: 'white', size: 30, speed: 60, y: 60, x0: 0 }] }] },
    good,
  );
  const bad = testInfo.outputPath('not-a-video.mp4');
  writeFileSync(bad, 'hello');
  await page.goto(tidemark.url);
  await expect(page.getByTestId('library-row')).toHaveCount(2, { timeout: 60_000 });
  await page.keyboard.press('i');
  await page.getByTestId('path-input').fill(`${good}\n${bad}`);
  await page.getByTestId('path-submit').click();
  await expect(page.getByTestId('library-row')).toHaveCount(3);
  await expect(page.locator('[data-video-name="imported-clip.webm"]')).toContainText('0:03 · 30 fps · 320×180 · vp9');
  await expect(page.getByTestId('import-report')).toContainText('1 added, 0 already present, 1 failed');
  await expect(page.getByTestId('import-report')).toContainText(/not-a-video\.mp4.*(not a playable video|Not a video)/i);
  await page.locator('[data-video-name="imported-clip.webm"]').click();
  await expect.poll(async () => (await playerState(page)).presentedFrame).toBe('0');
});

test('step by one second and one frame; the frame on screen matches', async ({ page, tidemark }, testInfo) => {
  await page.goto(tidemark.url);
  await openDemoVideo(page, 'clock-test-pattern.mp4');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('timecode')).toHaveText('00:01.000');
  await expect(page.getByTestId('frame-index')).toHaveText('frame 25');
  await expectPresented(page, 25);
  await page.keyboard.press('.');
  await expect(page.getByTestId('timecode')).toHaveText('00:01.040');
  await expect(page.getByTestId('frame-index')).toHaveText('frame 26');
  await expectPresented(page, 26);
  // from between seconds, → snaps to the next whole second
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('timecode')).toHaveText('00:02.000');
  await expectPresented(page, 50);
  await page.keyboard.press(',');
  await expectPresented(page, 49);
  // rapid stepping ends on the last commanded frame, never a stale one
  for (let i = 0; i < 8; i++) await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('timecode')).toHaveText('00:09.000');
  await expectPresented(page, 225);
  // jump to a typed time
  await page.keyboard.press('g');
  await page.getByTestId('jump-input').fill('0:12.5');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('timecode')).toHaveText('00:12.500');
  await expectPresented(page, 312);
  await page.keyboard.press('Home');
  await expectPresented(page, 0);
  await page.keyboard.press('End');
  await expectPresented(page, 499);
  await page.keyboard.press('?');
  await expect(page.getByTestId('shortcuts-overlay')).toContainText('Next native frame');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('shortcuts-overlay')).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('stepped.png') });
  await testInfo.attach('stepped', { path: testInfo.outputPath('stepped.png'), contentType: 'image/png' });
});

test('zoom the timeline, then reload and find the position and zoom kept', async ({ page, tidemark }, testInfo) => {
  await page.goto(tidemark.url);
  await openDemoVideo(page, 'counting-objects.mp4');
  const timeline = page.getByTestId('timeline');
  const scale = async (): Promise<number> => Number(await timeline.getAttribute('data-px-per-sec'));
  const fitted = await scale();
  expect(fitted).toBeGreaterThan(0);
  for (let i = 0; i < 4; i++) await page.keyboard.press('=');
  await expect.poll(scale).toBeCloseTo(fitted * 1.5 ** 4, 3);
  // Ctrl+wheel zooms at the pointer; the deepest zoom is one frame wide at 160 px
  const box = (await timeline.boundingBox())!;
  await page.mouse.move(box.x + 200, box.y + 60);
  await page.keyboard.down('Control');
  for (let i = 0; i < 30; i++) await page.mouse.wheel(0, -400);
  await page.keyboard.up('Control');
  await expect.poll(scale).toBe(30 * 160); // 30 fps × 160 px per frame
  await page.keyboard.press('\\');
  await expect.poll(scale).toBeCloseTo(fitted, 3);
  for (let i = 0; i < 3; i++) await page.keyboard.press('=');
  for (let i = 0; i < 7; i++) await page.keyboard.press('ArrowRight');
  await expectPresented(page, 210);
  // clicking the filmstrip seeks (snapped to whole seconds)
  await page.mouse.click(box.x + 10, box.y + 50);
  const clicked = Number((await playerState(page)).commandedTime);
  expect(Number.isInteger(clicked)).toBe(true);
  await page.keyboard.press('ArrowRight');
  await expect.poll(async () => Number((await playerState(page)).commandedTime)).toBe(clicked + 1);
  await page.waitForTimeout(600); // view state is saved 250 ms after the last change
  const zoomed = await scale();
  const start = Number(await timeline.getAttribute('data-view-start'));
  await page.screenshot({ path: testInfo.outputPath('zoomed.png') });

  await page.reload();
  await expect(page.getByTestId('library-row')).toHaveCount(2);
  await expect(page.locator('.library-row.selected')).toHaveAttribute('data-video-name', 'counting-objects.mp4');
  await expect.poll(async () => Number((await playerState(page)).commandedTime)).toBe(clicked + 1);
  await expect.poll(scale).toBeCloseTo(zoomed, 6);
  expect(Number(await timeline.getAttribute('data-view-start'))).toBeCloseTo(start, 6);
});

test('every request needs the token', async ({ page, tidemark }) => {
  const bare = tidemark.url.replace(/\?token=.*$/, '');
  const response = await page.goto(bare);
  expect(response?.status()).toBe(401);
  const media = await page.request.get(`${bare}media/video/anything`);
  expect(media.status()).toBe(401);
});

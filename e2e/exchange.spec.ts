import { copyFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, expectPresented, openDemoVideo, playerState, test } from './support/fixtures';

test('export from the UI, import into a fresh project, find the work there', async ({ page, tidemark }, testInfo) => {
  await page.goto(tidemark.url);
  await openDemoVideo(page, 'counting-objects.mp4');
  // some work: two events and an MCQ question
  for (const key of ['ArrowRight', 'e', 'ArrowRight', 'e', 'n']) await page.keyboard.press(key);
  await expect(page.getByTestId('question-text')).toBeFocused();
  await page.keyboard.type('Which colour is the background?');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('question-row')).toHaveCount(1);

  // readiness for OVO-S: the draft question is not ready, and the UI says why
  await page.getByTestId('open-exchange').click();
  await page.getByTestId('exchange-tab-export').click();
  await page.getByTestId('exchange-format').selectOption('ovo-s');
  await page.getByTestId('exchange-check').click();
  await expect(page.getByTestId('readiness')).toContainText('not accepted');

  // the lossless export
  const file = testInfo.outputPath('project.jsonl');
  await page.getByTestId('exchange-format').selectOption('tidemark');
  await page.getByTestId('exchange-path').fill(file);
  await page.getByTestId('exchange-run').click();
  await expect(page.getByTestId('exchange-export-result')).toContainText('Wrote');
  const exported = readFileSync(file, 'utf8');
  expect(exported).toContain('Which colour is the background?');
  await page.keyboard.press('Escape');

  // a fresh project beside the demo (so the videos' relative paths resolve), then the import
  await page.getByRole('button', { name: 'New', exact: true }).click();
  await page.getByTestId('path-input').fill(join(tidemark.dataDir, 'Demo', 'copy.tidemark'));
  await page.getByTestId('path-submit').click();
  await expect(page.getByTestId('project-name')).toHaveText('copy');
  await expect(page.getByTestId('library-row')).toHaveCount(0);
  await page.getByTestId('open-exchange').click();
  await page.getByTestId('exchange-tab-import').click();
  await page.getByTestId('exchange-format').selectOption('tidemark');
  await page.getByTestId('exchange-path').fill(file);
  await page.getByTestId('exchange-run').click();
  await expect(page.getByTestId('exchange-import-result')).toContainText('Imported');
  // the same file again: everything is already there and is left as it was (the default)
  const records = /from (\d+) rows/.exec((await page.getByTestId('exchange-import-result').textContent()) ?? '')?.[1];
  await page.getByTestId('exchange-run').click();
  await expect(page.getByTestId('exchange-import-existing')).toHaveText(`${records} already in the project, left as they were.`);
  await page.getByTestId('exchange-tab-stats').click();
  await expect(page.getByTestId('stats')).toContainText('OVO-S-Bench: 1 question, 1 query point, 1 video');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('library-row')).toHaveCount(2);
  await page.locator('[data-video-name="counting-objects.mp4"]').click();
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('1');
  await expect(page.locator('[data-testid="mark-row"][data-mark-type="event"]')).toHaveCount(2);
  await page.keyboard.press('2');
  await page.getByTestId('question-row').click();
  await expect(page.getByTestId('question-text')).toHaveValue('Which colour is the background?');
});

test('an import that fails says so in its dialog, not behind it, and the message goes with the dialog', async ({ page, tidemark }, testInfo) => {
  await page.goto(tidemark.url);
  await openDemoVideo(page, 'counting-objects.mp4');
  await page.getByTestId('open-exchange').click();
  await page.getByTestId('exchange-format').selectOption('tidemark');
  await page.getByTestId('exchange-path').fill(testInfo.outputPath('missing.jsonl'));
  await page.getByTestId('exchange-run').click();
  await expect(page.getByTestId('exchange-overlay').getByRole('alert')).toContainText('missing.jsonl');
  await expect(page.getByTestId('error')).toHaveCount(0); // the page banner, behind the dialog
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('exchange-overlay')).toHaveCount(0);
  await expect(page.getByTestId('error')).toHaveCount(0);
  await page.getByTestId('open-exchange').click();
  await expect(page.getByTestId('exchange-overlay')).toBeVisible();
  await expect(page.getByTestId('exchange-overlay').getByRole('alert')).toHaveCount(0);
});

test('the dialog’s tabs show which one is open', async ({ page, tidemark }) => {
  await page.goto(tidemark.url);
  await openDemoVideo(page, 'counting-objects.mp4');
  await page.getByTestId('open-exchange').click();
  const tab = (name: string) => page.getByTestId(`exchange-tab-${name}`);
  const background = (name: string) => tab(name).evaluate((el) => getComputedStyle(el as Element).backgroundColor);
  await expect(tab('import')).toHaveAttribute('aria-selected', 'true');
  await expect(tab('export')).toHaveAttribute('aria-selected', 'false');
  expect(await background('import')).not.toBe(await background('export'));
  await tab('export').click();
  await expect(tab('export')).toHaveAttribute('aria-selected', 'true');
  await expect(tab('import')).toHaveAttribute('aria-selected', 'false');
  expect(await background('export')).not.toBe(await background('import'));
});

test('readiness names each problem’s question, and selecting one goes there', async ({ page, tidemark }) => {
  await page.goto(tidemark.url);
  await openDemoVideo(page, 'clock-test-pattern.mp4');
  // a draft question at 3 s on the test pattern, then back to the other video
  for (const key of ['ArrowRight', 'ArrowRight', 'ArrowRight', 'n']) await page.keyboard.press(key);
  await expect(page.getByTestId('question-text')).toBeFocused();
  await page.keyboard.type('What does the counter show?');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  await page.locator('[data-video-name="counting-objects.mp4"]').click();
  await expect(page.locator('.library-row.selected')).toHaveAttribute('data-video-name', 'counting-objects.mp4');

  await page.getByTestId('open-exchange').click();
  await page.getByTestId('exchange-tab-export').click();
  await page.getByTestId('exchange-format').selectOption('ovo-s');
  await page.getByTestId('exchange-check').click();
  const issue = page.getByTestId('readiness-issue').filter({ hasText: 'not-accepted' });
  await expect(issue).toContainText('What does the counter show?');
  await expect(issue).toContainText('clock-test-pattern.mp4');
  const questionId = await issue.getAttribute('data-question-id');
  expect(questionId).toBeTruthy();
  await expect(issue).toContainText(questionId!);
  await issue.click();

  await expect(page.getByTestId('exchange-overlay')).toHaveCount(0);
  await expect(page.locator('.library-row.selected')).toHaveAttribute('data-video-name', 'clock-test-pattern.mp4');
  await expect(page.getByTestId('question-text')).toHaveValue('What does the counter show?');
  await expect(page.locator('.query-point.selected [data-testid="qp-time"]')).toHaveValue('00:03.00');
  await expect.poll(async () => Number((await playerState(page)).commandedTime)).toBe(3);
});

test('a benchmark file without its media: questions on placeholders, and the player still steps after one is opened', async ({ page, tidemark }, testInfo) => {
  const file = testInfo.outputPath('phostream.json');
  copyFileSync(fileURLToPath(new URL('../../shared/fixtures/external/phostream/phostream_annotations.sample.json', import.meta.url)), file);
  await page.goto(tidemark.url);
  await openDemoVideo(page, 'counting-objects.mp4');
  await page.getByRole('button', { name: 'Import / export' }).click();
  await page.getByTestId('exchange-format').selectOption('phostream');
  await page.getByTestId('exchange-path').fill(file);
  await page.getByTestId('exchange-run').click();
  await expect(page.getByTestId('exchange-import-result')).toContainText(/Imported \d+ questions/);
  await expect(page.getByTestId('exchange-import-result')).toContainText('on a placeholder video until it is relinked');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('library-row')).toHaveCount(5);
  // a placeholder has no player; going back to a real video, stepping shows the frames again
  await page.locator('.library-row', { hasText: 'missing' }).first().click();
  await expect(page.getByTestId('player')).toContainText('placeholder');
  await page.locator('[data-video-name="counting-objects.mp4"]').click();
  await expect.poll(async () => (await playerState(page)).presentedFrame).not.toBe('');
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowRight');
  await expectPresented(page, 30);
  await page.keyboard.press('ArrowRight');
  await expectPresented(page, 60);
});

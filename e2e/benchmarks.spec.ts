// A small item of each benchmark, built with the keyboard (selects are stepped with the arrow keys
// or chosen by label where the key sequence would only repeat what other tests show).
import type { Page } from '@playwright/test';
import { expect, keys, newQuestion, openDemoVideo, seekTo, test } from './support/fixtures';

const lints = (page: Page) => page.getByTestId('lints');

test('VCBench: hard cuts as events, a counting question whose answers derive from them', async ({ page, tidemark }) => {
  await page.goto(tidemark.url);
  await openDemoVideo(page, 'counting-objects.mp4');
  await keys(page, 't');
  await page.keyboard.type('cuts');
  await keys(page, 'Enter');
  await seekTo(page, 8);
  await keys(page, 'e');
  await seekTo(page, 16);
  await keys(page, 'e');
  await expect(page.getByTestId('mark-row')).toHaveCount(2);

  await seekTo(page, 9);
  await newQuestion(page, 'VCBench', 'How many hard cuts have occurred so far?');
  await page.getByTestId('counting-subcategory').selectOption('E1-Transit');
  await expect(lints(page)).toContainText('E1-Transit needs 3–8 query points; this question has 1.');
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await keys(page, 'P'); // lift the prefix-only view to place later query points
  await seekTo(page, 16);
  await keys(page, 'Q');
  await seekTo(page, 20);
  await keys(page, 'Q');
  await expect(page.getByTestId('qp-derived')).toHaveText(['= 1', '= 2', '= 2']);
  await expect(lints(page)).toHaveText('No problems found.');
  // the answers follow the marks: delete the first cut and they drop
  await keys(page, '1');
  await page.getByTestId('mark-row').first().click();
  await keys(page, 'Delete');
  await keys(page, '2');
  await page.getByTestId('question-row').click();
  await expect(page.getByTestId('qp-derived')).toHaveText(['= 0', '= 1', '= 1']);
});

test('PhoStream: a forward question needs its proactive time after the query time', async ({ page, tidemark }) => {
  await page.goto(tidemark.url);
  await openDemoVideo(page, 'counting-objects.mp4');
  await seekTo(page, 5);
  await newQuestion(page, 'PhoStream', 'Wait until the scene changes, and tell me the new background colour.');
  await page.getByTestId('temporal-type').selectOption('forward');
  await expect(lints(page)).toContainText('has no proactive time (T_p)');
  await page.getByTestId('qp-answer').focus();
  await page.keyboard.type('teal');
  await keys(page, 'Enter');
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await keys(page, 'P');
  await seekTo(page, 8);
  await keys(page, 'p');
  await expect(page.getByTestId('query-point')).toContainText('T_p 00:08.00');
  await expect(lints(page)).toContainText('Pick a task type');
  await page.getByTestId('task-code').focus();
  await keys(page, 'ArrowDown');
  await expect(lints(page)).toHaveText('No problems found.');
});

test('RTV-Bench: a group of two basic questions and one advanced', async ({ page, tidemark }) => {
  await page.goto(tidemark.url);
  await openDemoVideo(page, 'counting-objects.mp4');
  for (const [i, role] of ['q0', 'q1', 'q2'].entries()) {
    await seekTo(page, 3 + i);
    await newQuestion(page, 'RTV-Bench', `Question ${role}`);
    const editor = page.getByTestId('question-editor');
    await editor.getByPlaceholder('group id').fill('g1');
    await editor.getByPlaceholder('group id').press('Enter');
    await editor.locator('label', { hasText: 'Role' }).locator('select').selectOption(role);
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await keys(page, 'Escape'); // let go of the question: its prefix-only view would hold the playhead
  }
  await expect(page.getByTestId('question-row')).toHaveCount(3);
  // the advanced question exists, so no group warning is left on any of them
  for (const row of await page.getByTestId('question-row').all()) {
    await row.click();
    await expect(lints(page)).not.toContainText('Group g1');
  }
});

test('VSAS-Bench: a task prompted at t = 0 with per-second captions carried forward and merged', async ({ page, tidemark }) => {
  await page.goto(tidemark.url);
  await openDemoVideo(page, 'clock-test-pattern.mp4');
  await newQuestion(page, 'VSAS-Bench', 'Describe what is on screen, every second.');
  await expect(page.getByTestId('qp-time')).toHaveValue('00:00.00');
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await keys(page, 'Home');
  await page.getByTestId('caption-text').focus();
  await page.keyboard.type('a colour test pattern with a counter');
  await keys(page, 'Enter', 'Enter', 'Enter'); // seconds 0, 1, 2: the text carries forward
  await page.keyboard.press('Control+a');
  await page.keyboard.type('the counter shows three');
  await keys(page, 'Enter');
  await expect(page.getByTestId('caption-diff')).toHaveCount(0); // second 4 has no caption yet
  await keys(page, 'Escape'); // leave the caption editor
  await seekTo(page, 3);
  // what changed from second 2: "counter" stays, the rest is replaced
  await expect(page.getByTestId('caption-diff').locator('span')).toHaveText(['a colour test pattern with a ', 'the ', 'counter ', 'shows three ']);
  await expect(page.getByTestId('caption-diff').locator('.diff-same')).toHaveText('counter ');
  await page.getByRole('button', { name: 'Merge identical runs' }).click();
  await keys(page, '1');
  await expect(page.locator('[data-testid="mark-row"][data-mark-type="caption"] .mark-time')).toHaveText(['00:00.00–00:03.00', '00:03.00–00:04.00']);
  await keys(page, '2');
  await page.getByTestId('question-row').click();
  await expect(lints(page)).toContainText('16 of 20 seconds have no caption');
});

// Drafting in the browser against a scripted OpenAI-compatible server on 127.0.0.1: the endpoint set
// in the Endpoint tab (the key typed once, never shown again), captions drafted for the demo video
// after an estimate, then accepted (Enter, and the one key), edited and rejected in the caption
// editor — and after a reload each state is as it was left. A draft's details show the frames it
// was sent (thumbnails), its tokens, cost and latency; the run's totals stay in the Run tab after the
// status line moves on; the Statistics tab has the cost.
import type { Page } from '@playwright/test';
import { startFakeOpenAi, type FakeOpenAi } from '../electron/services/test-support/fake-openai';
import { expect, keys, newQuestion, openDemoVideo, playerState, seekTo, test } from './support/fixtures';

const KEY = 'sk-e2e-drafting-key-31337';
let fake: FakeOpenAi;

test.beforeAll(async () => {
  fake = await startFakeOpenAi();
  fake.answerWith((req) => {
    const second = /Current second: (\d+)/.exec(JSON.stringify(req.body.messages))?.[1] ?? '?';
    return { kind: 'json', content: JSON.stringify({ caption: `the pattern at second ${second}` }) };
  });
});
test.afterAll(async () => {
  await fake.close();
});

async function openDrafting(page: Page, tab: string): Promise<void> {
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await keys(page, 'd');
  await expect(page.getByTestId('drafting-overlay')).toBeVisible();
  await page.getByTestId(`drafting-tab-${tab}`).click();
}

const draftStatus = (page: Page) => page.getByTestId('caption-draft-status');

test('captions drafted against an OpenAI-compatible server, then accepted, edited and rejected; kept across a reload', async ({ page, tidemark }) => {
  test.setTimeout(120_000);
  await page.goto(tidemark.url);
  await openDemoVideo(page, 'clock-test-pattern.mp4');
  await newQuestion(page, 'VSAS-Bench', 'Describe what is on screen, every second.');
  await page.locator('body').click({ position: { x: 5, y: 5 } });

  // the endpoint: URL and model saved, the key handed over and never shown again, the connection tested
  await openDrafting(page, 'endpoint');
  await page.getByTestId('endpoint-baseURL').fill(fake.baseURL);
  await page.getByTestId('endpoint-model').fill('fake-vision-1');
  await page.getByTestId('endpoint-priceInputPerMillion').fill('2');
  await page.getByTestId('endpoint-priceOutputPerMillion').fill('8');
  await page.getByTestId('endpoint-save').click();
  await page.getByTestId('endpoint-key').fill(KEY);
  await page.getByTestId('endpoint-key').press('Enter');
  await expect(page.getByTestId('endpoint-key-status')).toContainText('Set (key file');
  await expect(page.getByTestId('endpoint-key')).toHaveValue('');
  await page.getByTestId('endpoint-test').click();
  await expect(page.getByTestId('endpoint-models')).toHaveText('Connected: fake-vision-1, fake-vision-2');
  // what is tested is what the box says: a bad URL is refused, not tested against the saved one
  await page.getByTestId('endpoint-baseURL').fill('not a url');
  await page.getByTestId('endpoint-test').click();
  await expect(page.getByTestId('drafting-error')).toContainText('baseURL');
  await expect(page.getByTestId('endpoint-models')).toHaveCount(0);
  await page.getByTestId('endpoint-baseURL').fill(fake.baseURL);
  await page.getByTestId('endpoint-test').click();
  await expect(page.getByTestId('endpoint-models')).toHaveText('Connected: fake-vision-1, fake-vision-2');

  // an estimate first, then the run (SW+U, k = 4, small frames, the first 6 seconds)
  await page.getByTestId('drafting-tab-run').click();
  await expect(page.getByTestId('draft-task')).toContainText('Describe what is on screen');
  await page.getByTestId('draft-k').fill('4');
  await page.getByTestId('draft-height').fill('72');
  await page.getByTestId('draft-to').fill('6');
  await expect(page.getByTestId('draft-start')).toBeDisabled();
  await page.getByTestId('draft-estimate').click();
  await expect(page.getByTestId('draft-estimate-result')).toContainText('6 requests · 18 frames');
  await page.getByTestId('draft-k').fill('x');
  await expect(page.getByTestId('draft-run')).toContainText('k must be a whole number of at least 1.');
  await expect(page.getByTestId('draft-estimate')).toBeDisabled();
  await page.getByTestId('draft-k').fill('4');
  await page.getByTestId('draft-estimate').click();
  await page.getByTestId('draft-start').click();
  // the scripted server reports 100 input and 20 output tokens a request: 6 × (100 × $2 + 20 × $8) / 1M
  await expect(page.getByTestId('status')).toHaveText('Drafting captions: 6 drafted, ~$0.0022.', { timeout: 30_000 });
  await page.getByTestId('drafting-tab-drafts').click();
  await expect(page.getByTestId('draft-row')).toHaveCount(6, { timeout: 30_000 });
  await expect(page.getByTestId('drafts-waiting')).toContainText('6 undecided of 6 drafts');
  // second 3's details: SW+U, k = 4 sent the frames of seconds 0–3, shown as the filmstrip's thumbnails
  await page.getByTestId('draft-row').nth(3).getByTestId('draft-details-toggle').click();
  const details = page.getByTestId('draft-details');
  await expect(details.getByTestId('draft-frame')).toHaveText(['0 s', '1 s', '2 s', '3 s']);
  await expect(details.locator('.draft-frame-thumb')).toHaveCount(4);
  expect(
    await details
      .locator('.draft-frame-thumb')
      .first()
      .evaluate((e) => getComputedStyle(e).backgroundImage),
  ).toContain('/media/thumbs/');
  await expect(details.getByTestId('draft-details-spend')).toHaveText(/^100 in \/ 20 out tokens · \$0\.0004 · \d+\.\d\d s$/);
  await expect(details).toContainText('fake-vision-1 at 127.0.0.1');
  // a frame is a click away
  await details.getByTestId('draft-frame').nth(1).click();
  await expect(page.getByTestId('drafting-overlay')).toHaveCount(0);
  await expect.poll(async () => Number((await playerState(page)).commandedTime)).toBe(1);

  // the server got the key, and frames at or before each second only (second s: at most s + 1 frames)
  expect(fake.received.every((r) => r.authorization === `Bearer ${KEY}`)).toBe(true);
  for (const r of fake.received) expect(r.images.length).toBeLessThanOrEqual(Number(/Current second: (\d+)/.exec(JSON.stringify(r.body.messages))![1]) + 1);
  expect(await page.locator('body').innerText()).not.toContain(KEY);

  // in the caption editor: Enter keeps a draft as it is, and moves on
  await keys(page, 'Home');
  await expect(draftStatus(page)).toHaveText('draft');
  await expect(page.getByTestId('caption-text')).toHaveValue('the pattern at second 0');
  await page.getByTestId('caption-text').focus();
  await keys(page, 'Enter');
  await expect.poll(async () => Number((await playerState(page)).commandedTime)).toBe(1);
  await expect(page.getByTestId('caption-text')).toHaveValue('the pattern at second 1');
  // an edit: the model's words against the person's, then Enter keeps it as edited
  await page.keyboard.press('Control+a');
  await page.keyboard.type('the clock shows one');
  const diff = page.getByTestId('caption-draft').getByTestId('draft-diff');
  await expect(diff.locator('span')).toHaveText(['the ', 'pattern at second 1 ', 'clock shows one ']);
  await expect(diff.locator('.diff-added')).toHaveText('clock shows one ');
  await keys(page, 'Enter');
  await keys(page, 'Escape'); // leave the editor: the keys below act on the video
  // second 2: rejected with its key; then the one key accepts second 3 and goes on to 4
  await seekTo(page, 2);
  await expect(draftStatus(page)).toHaveText('draft');
  await keys(page, 'Shift+Backspace');
  await expect(draftStatus(page)).toHaveText('rejected');
  await keys(page, 'u');
  await expect.poll(async () => Number((await playerState(page)).commandedTime)).toBe(3);
  await keys(page, 'a');
  await expect.poll(async () => Number((await playerState(page)).commandedTime)).toBe(4);
  await expect(draftStatus(page)).toHaveText('draft');
  await keys(page, 'ArrowLeft');
  await expect(draftStatus(page)).toHaveText('accepted');

  // the status line has moved on; the Run tab still has what the run did and spent
  await expect(page.getByTestId('status')).not.toContainText('Drafting captions');
  await openDrafting(page, 'run');
  await expect(page.getByTestId('draft-last-run-summary')).toHaveText('Drafting captions: 6 drafted, ~$0.0022.');
  await expect(page.getByTestId('draft-last-run-totals')).toHaveText('6 requests · 600 in / 120 out tokens · ~$0.0022');
  await keys(page, 'Escape');

  // after a reload, every decision is as it was left
  await page.reload();
  await openDemoVideo(page, 'clock-test-pattern.mp4');
  await openDrafting(page, 'drafts');
  await page.getByTestId('drafts-undecided-only').uncheck();
  await expect(page.getByTestId('draft-row')).toHaveCount(6);
  const statuses = await page.getByTestId('draft-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-status')));
  expect(statuses).toEqual(['accepted', 'edited', 'rejected', 'accepted', 'draft', 'draft']);
  await expect(page.getByTestId('draft-row').nth(1).locator('.diff-added')).toHaveText('clock shows one ');
  await page.getByTestId('drafting-tab-statistics').click();
  await expect(page.getByTestId('draft-stats')).toContainText('tester');
  await expect(page.getByTestId('draft-stats-cost').first()).toHaveText('$0.0022');
});

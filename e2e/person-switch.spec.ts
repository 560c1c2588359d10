// One browser tab, several people taking turns: switching person leaves nothing on the page, in its
// attributes or in the client's state that was read as someone before.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { api, becomes, colourQuestion, everythingHeld, expect, keys, openDemoVideo, reviewTeam, signIn, test } from './support/fixtures';

/** The author's answer, and what a model said: neither may reach the reviewer's page. */
const AUTHOR_ANSWER = 'sentinel-author-4471';
const MODEL_TEXT = 'sentinel-model-5582';

test('a researcher, an annotator and a lead leave things on screen; a reviewer who signs in after them in the same tab finds none of it', async ({ page, tidemark }) => {
  test.setTimeout(150_000);
  await page.goto(tidemark.url);
  await expect(page.getByTestId('library-row')).toHaveCount(2);
  const videoId = await reviewTeam(page, [
    ['Res', ['researcher']],
    ['Rita', ['reviewer']],
  ]);
  const created = await api<{ question: { id: string } }>(page, 'questions.create', colourQuestion(videoId, AUTHOR_ANSWER));
  await signIn(page, 'Lee', 'lead');
  await api(page, 'rounds.open', { name: 'Round', selection: {}, reviewers: ['Rita'] });
  const run = join(tidemark.dataDir, 'run.jsonl');
  writeFileSync(run, `${JSON.stringify({ model: 'gemini', item: created.question.id, t: 3, response: `It is ${MODEL_TEXT}` })}\n`);
  await page.reload();

  // the researcher: a run imported, its lane on the timeline, an early response picked and shown
  await becomes(page, 'Res', 'researcher');
  await openDemoVideo(page, 'counting-objects.mp4');
  await keys(page, 'm');
  await page.getByTestId('run-path').fill(run);
  await page.getByTestId('run-import').click();
  await expect(page.getByTestId('run-import-result')).toContainText('1 response');
  await page.getByTestId('runs-tab-early').click();
  await page.getByTestId('early-row').click();
  await expect(page.getByTestId('response-text')).toContainText(MODEL_TEXT);
  // the response's details sit over the stage, not over the side panel's questions
  const details = (await page.getByTestId('response-details').boundingBox())!;
  const side = (await page.locator('aside.annotation-panel').boundingBox())!;
  expect(details.x + details.width).toBeLessThanOrEqual(side.x);

  // the annotator: the question selected, its answer in the editor
  await becomes(page, 'Ann', 'annotator');
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await keys(page, '2');
  await page.getByTestId('question-row').first().click();
  await expect(page.getByTestId('question-editor')).toBeVisible();
  expect(await everythingHeld(page)).toContain(AUTHOR_ANSWER);

  // the lead: the report of the round, the question still selected
  await becomes(page, 'Lee', 'lead');
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await keys(page, '2');
  await page.getByTestId('question-row').first().click();
  await expect(page.getByTestId('question-editor')).toBeVisible();

  // the reviewer, in the same tab
  await becomes(page, 'Rita', 'reviewer');
  await expect(page.getByTestId('library-row')).toHaveCount(2);
  await expect(page.getByTestId('timecode')).toBeVisible();
  // what is read again as Rita has arrived (her annotations), and what was read as the others has gone
  await expect.poll(async () => (await everythingHeld(page)).includes('What colour is the square')).toBe(true);
  const held = await everythingHeld(page);
  expect(held).not.toContain(AUTHOR_ANSWER);
  expect(held).not.toContain(MODEL_TEXT);
  await expect(page.getByTestId('response-text')).toHaveCount(0);

  // the reviewer reads the question, with nothing that edits it
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await keys(page, '2');
  await page.getByTestId('question-row').first().click();
  await expect(page.getByTestId('question-read-only')).toContainText('Read only');
  await expect(page.getByTestId('question-text')).toBeDisabled();
  await expect(page.getByTestId('question-editor').getByRole('button', { name: 'Delete' })).toHaveCount(0);
});

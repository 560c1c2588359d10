// Nothing a person types is lost on a way out, and nothing behind an open overlay is edited by a key.
import type { Page } from '@playwright/test';
import { api, becomes, expect, keys, openDemoVideo, playerState, signIn, test } from './support/fixtures';

/** Selects the question whose text starts so, in the questions list. */
async function openQuestion(page: Page, text: string): Promise<void> {
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await keys(page, '2');
  await page.getByTestId('question-row').filter({ hasText: text }).click();
  await expect(page.getByTestId('question-editor')).toBeVisible();
}

test('a question’s typed text survives every way out: another video, another question, a person switch, a reload', async ({ page, tidemark }) => {
  test.setTimeout(120_000);
  await page.goto(tidemark.url);
  await expect(page.getByTestId('library-row')).toHaveCount(2);
  await signIn(page, 'Ann', 'annotator');
  await page.reload();
  await openDemoVideo(page, 'counting-objects.mp4');
  await keys(page, '2', 'n');
  await expect(page.getByTestId('question-text')).toBeFocused();
  await page.keyboard.type('Typed, then another video clicked');
  // another video, at once: the field never blurs on its own
  await page.locator('[data-video-name="clock-test-pattern.mp4"]').click();
  await page.locator('[data-video-name="counting-objects.mp4"]').click();
  await openQuestion(page, 'Typed, then another video clicked');

  // a second question; typing in the first, then the second chosen
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await keys(page, 'ArrowRight', 'n');
  await expect(page.getByTestId('question-text')).toBeFocused();
  await page.keyboard.type('Second');
  await keys(page, 'Enter');
  await openQuestion(page, 'Typed, then another video clicked');
  await page.getByTestId('question-text').click();
  await page.keyboard.press('End');
  await page.keyboard.type(' and another question');
  await page.getByTestId('question-row').filter({ hasText: 'Second' }).click();
  await openQuestion(page, 'Typed, then another video clicked and another question');

  // a person switch in the middle of typing: saved as the person who typed it
  await page.getByTestId('question-text').click();
  await page.keyboard.press('End');
  await page.keyboard.type(' and a switch');
  await becomes(page, 'Lee', 'lead');
  await openQuestion(page, 'Typed, then another video clicked and another question and a switch');

  // a reload a moment after typing
  await page.getByTestId('question-text').click();
  await page.keyboard.press('End');
  await page.keyboard.type(' and a reload');
  await page.reload(); // at once: no pause in typing saved it
  await openDemoVideo(page, 'counting-objects.mp4');
  await openQuestion(page, 'Typed, then another video clicked and another question and a switch and a reload');
  await page.getByTestId('question-text').click();
  await page.keyboard.press('End');
  await page.keyboard.type(' and a pause');
  await page.waitForTimeout(1_000);
  await page.reload();
  await openDemoVideo(page, 'counting-objects.mp4');
  await openQuestion(page, 'Typed, then another video clicked and another question and a switch and a reload and a pause');
});

test('a half-filled round survives Esc; behind the open Review overlay no key steps or marks the video', async ({ page, tidemark }) => {
  test.setTimeout(90_000);
  await page.goto(tidemark.url);
  await expect(page.getByTestId('library-row')).toHaveCount(2);
  await signIn(page, 'Lee', 'lead');
  for (const [name, roles] of [
    ['Lee', ['lead']],
    ['Rita', ['reviewer']],
  ] as const)
    await api(page, 'people.save', { name, roles });
  await page.reload();
  await openDemoVideo(page, 'counting-objects.mp4');
  const before = await playerState(page);

  await keys(page, 'r');
  await page.getByTestId('review-tab-rounds').click();
  await page.getByTestId('round-name').fill('Half a round');
  await page.getByTestId('round-reviewers').locator('input[data-value="Rita"]').check();
  // the focus drops to the page while the overlay stays open: keys must not reach the video
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await keys(page, 'ArrowRight', 'e', '.', 'n');
  await expect(page.getByTestId('review-overlay')).toBeVisible();
  expect((await playerState(page)).commandedFrame).toBe(before.commandedFrame);
  expect(await api<{ marks: unknown[]; questions: unknown[] }>(page, 'annotations.load', { videoId: await videoId(page) })).toMatchObject({ marks: [], questions: [] });

  // Esc closes the overlay; the form is there when it opens again, and after a reload
  await keys(page, 'Escape');
  await expect(page.getByTestId('review-overlay')).toHaveCount(0);
  await keys(page, 'r');
  await page.getByTestId('review-tab-rounds').click();
  await expect(page.getByTestId('round-name')).toHaveValue('Half a round');
  await expect(page.getByTestId('round-reviewers').locator('input[data-value="Rita"]')).toBeChecked();
  await page.reload();
  await expect(page.getByTestId('library-row')).toHaveCount(2);
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await keys(page, 'r');
  await page.getByTestId('review-tab-rounds').click();
  await expect(page.getByTestId('round-name')).toHaveValue('Half a round');
});

async function videoId(page: Page): Promise<string> {
  const videos = await api<Array<{ id: string; name: string }>>(page, 'videos.list');
  return videos.find((v) => v.name === 'counting-objects.mp4')!.id;
}

test('a mark’s note survives another video and a reload; Esc in an overlay’s field only leaves it, and a half-written guideline survives closing the overlay', async ({ page, tidemark }) => {
  test.setTimeout(90_000);
  await page.goto(tidemark.url);
  await expect(page.getByTestId('library-row')).toHaveCount(2);
  await signIn(page, 'Lee', 'lead');
  await page.reload();
  await openDemoVideo(page, 'counting-objects.mp4');
  await keys(page, 'ArrowRight', 'ArrowRight', 'e', '1');
  await page.getByTestId('mark-row').first().click();
  const note = page.getByTestId('mark-inspector').getByLabel('Note');
  await note.click();
  await page.keyboard.type('the first cut');
  // another video at once: the field never blurs on its own
  await page.locator('[data-video-name="clock-test-pattern.mp4"]').click();
  await page.locator('[data-video-name="counting-objects.mp4"]').click();
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await keys(page, '1');
  await page.getByTestId('mark-row').first().click();
  await expect(note).toHaveValue('the first cut');
  await note.click();
  await page.keyboard.press('End');
  await page.keyboard.type(', then a reload');
  await page.reload();
  await openDemoVideo(page, 'counting-objects.mp4');
  await keys(page, '1');
  await page.getByTestId('mark-row').first().click();
  await expect(note).toHaveValue('the first cut, then a reload');

  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await keys(page, 'r');
  await page.getByTestId('review-tab-guidelines').click();
  await page.getByTestId('guideline-version').fill('1.1');
  await page.getByTestId('guideline-version').focus();
  await keys(page, 'Escape');
  await expect(page.getByTestId('review-overlay')).toBeVisible(); // the first Esc leaves the field
  await keys(page, 'Escape');
  await expect(page.getByTestId('review-overlay')).toHaveCount(0);
  await keys(page, 'r');
  await page.getByTestId('review-tab-guidelines').click();
  await expect(page.getByTestId('guideline-version')).toHaveValue('1.1');
});

// Issue 21, "Confusing" items a new user met in Chromium: each test does what that person did and
// checks that what they saw now makes sense.
import type { Page } from '@playwright/test';
import { startFakeOpenAi, type FakeOpenAi } from '../electron/services/test-support/fake-openai';
import { api, expect, keys, newQuestion, openDemoVideo, playerState, seekTo, test } from './support/fixtures';

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

const status = (page: Page) => page.getByTestId('status');
const commandedTime = async (page: Page): Promise<number> => Number((await playerState(page)).commandedTime);

/** A multiple-choice OVO-S question at the playhead with options A and B, typed. */
async function choiceQuestion(page: Page): Promise<void> {
  await newQuestion(page, 'OVO-S-Bench', 'Which shape is on screen?');
  await page.getByTestId('answer-kind').selectOption('choice');
  for (const letter of ['A', 'B']) {
    await page.getByTestId('add-option').click();
    await page.getByTestId(`option-${letter}`).fill(`Shape ${letter}`);
    await page.getByTestId(`option-${letter}`).blur();
  }
}

test('A with no draft to accept says so, and names the key that finds one', async ({ page, tidemark }) => {
  await page.goto(tidemark.url);
  await openDemoVideo(page, 'counting-objects.mp4');
  await keys(page, 'a');
  await expect(status(page)).toHaveText('No model draft at the playhead or selected — U goes to the next undecided draft');
  await keys(page, 'Shift+Backspace');
  await expect(status(page)).toHaveText('No model draft at the playhead or selected to reject — U goes to the next undecided draft');
});

test('in the caption box, Shift+Backspace does what the hint says: rejects the draft at that second, and deletes no character', async ({ page, tidemark }) => {
  await page.goto(tidemark.url);
  await openDemoVideo(page, 'clock-test-pattern.mp4');
  const videos = await api<Array<{ id: string; name: string }>>(page, 'videos.list');
  const videoId = videos.find((v) => v.name === 'clock-test-pattern.mp4')!.id;
  const { question } = await api<{ question: { id: string } }>(page, 'questions.create', {
    videoId,
    fields: { profileId: 'builtin:vsas-bench', text: 'Describe what is on screen, every second.', answerKind: 'text' },
    queryPoints: [{ time: 0 }],
  });
  await api(page, 'drafting.configure', { baseURL: fake.baseURL, model: 'fake-vision-1' });
  await api(page, 'drafting.setKey', { key: 'sk-e2e-confusing' });
  await api(page, 'drafting.start', { what: 'captions', videoId, target: question.id, policy: 'sw+u', k: 1, height: 72, to: 3 });
  await expect.poll(async () => (await api<Array<{ kind: string; state: string }>>(page, 'jobs.list')).filter((j) => j.kind === 'drafting' && j.state === 'running').length).toBe(0);
  await page.reload();
  await openDemoVideo(page, 'clock-test-pattern.mp4');
  await keys(page, '2');
  await page.getByTestId('question-row').click();
  await seekTo(page, 1);
  await expect(page.getByTestId('caption-draft-status')).toHaveText('draft');
  await expect(page.getByTestId('caption-draft')).toContainText('Shift+Backspace / Shift+Delete rejects');

  await page.getByTestId('caption-text').focus();
  await page.keyboard.press('End');
  await keys(page, 'Shift+Backspace');
  await expect(page.getByTestId('caption-draft-status')).toHaveText('rejected');
  await expect(page.getByTestId('caption-text')).toHaveValue('');
  await expect(page.getByTestId('caption-text')).toBeFocused();
  // at a second with no undecided draft the key edits the text as in any text box
  await page.keyboard.type('ab');
  await keys(page, 'Shift+Backspace');
  await expect(page.getByTestId('caption-text')).toHaveValue('a');
});

test('no "empty" lint for the field being typed into, nor for a question just made until its text is left', async ({ page, tidemark }) => {
  await page.goto(tidemark.url);
  await openDemoVideo(page, 'counting-objects.mp4');
  await keys(page, '2');
  await page.getByTestId('new-question-profile').selectOption({ label: 'OVO-S-Bench' });
  await page.getByTestId('new-question-profile').blur();
  await keys(page, 'n');
  await expect(page.getByTestId('question-text')).toBeFocused();
  const lints = page.getByTestId('lints');
  await expect(lints).toContainText('Pick a task type');
  await expect(lints).not.toContainText('The question has no text');
  await page.keyboard.type('Which');
  await page.waitForTimeout(900); // the typed text is saved after a pause: still no lint about it
  await expect(lints).not.toContainText('The question has no text');
  await page.keyboard.press('Control+a');
  await page.keyboard.press('Backspace');
  await page.waitForTimeout(900);
  await expect(lints).not.toContainText('The question has no text');
  // left empty: now it says so
  await page.getByTestId('question-text').blur();
  await expect(lints).toContainText('The question has no text.');
  await page.getByTestId('question-text').fill('Which shape is on screen?');
  await page.getByTestId('question-text').blur();
  await expect(lints).not.toContainText('The question has no text');

  await page.getByTestId('answer-kind').selectOption('choice');
  await page.getByTestId('add-option').click();
  await expect(page.getByTestId('option-A')).toBeFocused();
  await expect(lints).not.toContainText('Option A is empty');
  await page.keyboard.type('Square');
  await page.waitForTimeout(900);
  await page.keyboard.press('Control+a');
  await page.keyboard.press('Backspace');
  await page.waitForTimeout(900);
  await expect(lints).not.toContainText('Option A is empty');
  await page.getByTestId('option-A').blur();
  await expect(lints).toContainText('Option A is empty.');
  // another empty field keeps its lint while this one is typed into
  await page.getByTestId('question-text').focus();
  await page.keyboard.press('Control+a');
  await page.keyboard.press('Backspace');
  await expect(lints).toContainText('Option A is empty.');
  await expect(lints).not.toContainText('The question has no text');
});

test('Esc after choosing an answer from a list only leaves the list: the query point stays selected and { marks its evidence', async ({ page, tidemark }) => {
  await page.goto(tidemark.url);
  await openDemoVideo(page, 'counting-objects.mp4');
  await seekTo(page, 4);
  await choiceQuestion(page);
  // chosen as a script or an assistive tool does: the list never takes the focus
  await page.getByTestId('qp-answer').selectOption('A');
  await keys(page, 'Escape');
  await expect(page.getByTestId('query-point')).toHaveClass(/selected/);
  await keys(page, '{');
  await expect(status(page)).not.toContainText('Select a query point first');
  await expect(page.getByTestId('qp-evidence')).toHaveText('00:04.00–00:04.00');
  // chosen with the keyboard: Esc leaves the list, and only that
  await page.getByTestId('qp-answer').focus();
  await keys(page, 'ArrowDown');
  await expect(page.getByTestId('qp-answer')).toHaveValue('B');
  await keys(page, 'Escape');
  await expect(page.getByTestId('qp-answer')).not.toBeFocused();
  await expect(page.getByTestId('query-point')).toHaveClass(/selected/);
  // with nothing just chosen, Esc lets go of the selection as before
  await keys(page, 'Escape');
  await expect(page.getByTestId('query-point')).toHaveCount(0);
});

test('Review overlay: after Save person the tab keys still work', async ({ page, tidemark }) => {
  await page.goto(tidemark.url);
  await openDemoVideo(page, 'counting-objects.mp4');
  await keys(page, 'r');
  await expect(page.getByTestId('review-overlay')).toBeVisible();
  await keys(page, '3');
  await expect(page.getByTestId('review-tab-people')).toHaveAttribute('aria-selected', 'true');
  await page.getByTestId('person-name').fill('tester');
  await page.getByTestId('person-role-lead').check();
  await page.getByTestId('person-save').click();
  await expect(page.getByTestId('person-row').filter({ hasText: 'tester' })).toHaveCount(1);
  await expect.poll(() => page.evaluate(() => Boolean(document.activeElement?.closest('.overlay-card')))).toBe(true);
  await keys(page, '4');
  await expect(page.getByTestId('review-tab-guidelines')).toHaveAttribute('aria-selected', 'true');
  await keys(page, '3');
  await expect(page.getByTestId('review-tab-people')).toHaveAttribute('aria-selected', 'true');
});

test('G to a time past the prefix-only view says why the playhead stops, and how to see the rest', async ({ page, tidemark }) => {
  await page.goto(tidemark.url);
  await openDemoVideo(page, 'counting-objects.mp4');
  await seekTo(page, 5);
  await newQuestion(page, 'OVO-S-Bench', 'Which shape is on screen?');
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await keys(page, 'g');
  await page.keyboard.type('12');
  await keys(page, 'Enter');
  await expect(status(page)).toHaveText('Prefix-only view: nothing after 5.00 s — Shift+P shows all');
  expect(await commandedTime(page)).toBe(5);
  await keys(page, 'P');
  await seekTo(page, 12);
});

test('the ? sheet keeps long key labels inside their column', async ({ page, tidemark }) => {
  await page.goto(tidemark.url);
  await openDemoVideo(page, 'counting-objects.mp4');
  await keys(page, '?');
  const overlay = page.getByTestId('shortcuts-overlay');
  await expect(overlay).toBeVisible();
  const overflowing = await overlay.locator('.shortcut').evaluateAll((rows) =>
    rows
      .filter((row) => {
        const column = row.closest('section')!.getBoundingClientRect();
        return [...row.querySelectorAll('dt, dt button, dd')].some((el) => {
          const box = el.getBoundingClientRect();
          return box.right > column.right + 0.5 || el.scrollWidth > el.clientWidth + 0.5;
        });
      })
      .map((row) => row.textContent),
  );
  expect(overflowing).toEqual([]);
  await expect(overlay.locator('[data-shortcut="reject-draft"]')).toHaveText('Shift+Backspace / Shift+Delete');
});

test('the question editor shows the id a run file names the question by, with Copy', async ({ page, tidemark, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto(tidemark.url);
  await openDemoVideo(page, 'counting-objects.mp4');
  await newQuestion(page, 'OVO-S-Bench', 'Which shape is on screen?');
  const videos = await api<Array<{ id: string; name: string }>>(page, 'videos.list');
  const videoId = videos.find((v) => v.name === 'counting-objects.mp4')!.id;
  const { questions } = await api<{ questions: Array<{ id: string }> }>(page, 'annotations.load', { videoId });
  const id = page.getByTestId('question-id');
  await expect(id).toHaveText(questions[0]!.id);
  await page.getByTestId('question-id-copy').click();
  await expect(page.getByTestId('question-id-copy')).toHaveText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(questions[0]!.id);
  // made in Tidemark, it is given the next id in its benchmark's style (an OVO-S number) when made
  await expect(page.getByTestId('question-benchmark-id')).toHaveText(/^\d+$/);

  // a question imported from a benchmark file: its file's id too; without a clipboard, Copy selects the text
  const imported = await api<{ question: { id: string } }>(page, 'questions.create', {
    videoId,
    fields: { profileId: 'builtin:ovo-s-bench', text: 'How far is the sign?', answerKind: 'choice', options: { A: '1 m', B: '2 m' }, origin: { format: 'ovo-s-bench', extra: { id: '0944' } } },
    queryPoints: [{ time: 3, answer: 'A' }],
  });
  await page.addInitScript(() => Object.defineProperty(navigator, 'clipboard', { value: undefined }));
  await page.reload();
  await openDemoVideo(page, 'counting-objects.mp4');
  await keys(page, '2');
  await page.getByTestId('question-row').filter({ hasText: 'How far is the sign?' }).click();
  await expect(page.getByTestId('question-id')).toHaveText(imported.question.id);
  await expect(page.getByTestId('question-benchmark-id')).toHaveText('0944');
  await page.getByTestId('question-benchmark-id-copy').click();
  await expect(page.getByTestId('question-benchmark-id-copy')).toHaveText('Selected — Ctrl/⌘+C copies');
  expect(await page.evaluate(() => window.getSelection()?.toString())).toBe('0944');
});

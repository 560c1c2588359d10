import { join } from 'node:path';
import Database from 'better-sqlite3';
import { removeDir, startTidemark } from './support/server';
import { expect, expectPresented, openDemoVideo, playerState, test } from './support/fixtures';
import type { Page } from '@playwright/test';

/** Presses keys one by one, as a person would. */
async function keys(page: Page, ...sequence: string[]): Promise<void> {
  for (const key of sequence) await page.keyboard.press(key);
}

async function typeInto(page: Page, text: string): Promise<void> {
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
}

test('with keys only: three cycles, an MCQ question with query time and evidence; all of it survives a reload', async ({ page, tidemark }, testInfo) => {
  await page.goto(tidemark.url);
  await openDemoVideo(page, 'counting-objects.mp4');

  // three cycles: boundaries at 2, 4, 6 and 8 s
  await keys(page, 'ArrowRight', 'ArrowRight', 'c');
  await expect(page.getByTestId('pending')).toContainText('cycle open from 2.00');
  await keys(page, 'ArrowRight', 'ArrowRight', 'c', 'ArrowRight', 'ArrowRight', 'c', 'ArrowRight', 'ArrowRight', 'Shift+C');
  await expect(page.getByTestId('pending')).toHaveCount(0);
  await expect(page.locator('[data-testid="mark-row"][data-mark-type="cycle"]')).toHaveCount(3);

  // a multiple-choice question at 10 s, its text and options typed, answer chosen
  await keys(page, 'ArrowRight', 'ArrowRight', 'n');
  await expect(page.getByTestId('question-text')).toBeFocused();
  await typeInto(page, 'How many squares are on screen right now?');
  await expect(page.getByTestId('question-editor')).toBeVisible();
  // options A–D through the keyboard: Tab to "Add option", Enter adds one and we type into it
  for (const [letter, text] of [
    ['A', 'Two'],
    ['B', 'Three'],
    ['C', 'Four'],
    ['D', 'Five'],
  ] as const) {
    await page.getByTestId('add-option').focus();
    await page.keyboard.press('Enter');
    await page.getByTestId(`option-${letter}`).focus();
    await typeInto(page, text);
  }
  await page.getByTestId('qp-answer').focus();
  await page.keyboard.press('ArrowDown'); // A
  await page.keyboard.press('ArrowDown'); // B
  await page.keyboard.press('Enter');
  await page.locator('body').focus();
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());

  // evidence 8–10 s: back to 8, {, forward to 10, }; then the query time stays at 10
  await keys(page, 'ArrowLeft', 'ArrowLeft', '{', 'ArrowRight', 'ArrowRight', '}');
  await expect(page.getByTestId('qp-evidence')).toHaveText('00:08.00–00:10.00');
  // the prefix-only view stops the playhead at t_q = 10 s; P lifts it to move the query time to 11 s
  await keys(page, 'ArrowRight');
  await expect.poll(async () => Number((await playerState(page)).commandedTime)).toBe(10);
  await keys(page, 'P', 'ArrowRight', 'q', 'P');
  await expect(page.getByTestId('qp-time')).toHaveValue('00:11.00');
  await expect(page.getByTestId('lints')).toHaveText('warning Pick a task type from the taxonomy.');
  await page.getByTestId('task-code').focus();
  await page.keyboard.press('ArrowDown'); // 1.1.1 Object-to-Object Absolute Distance
  await expect(page.getByTestId('task-code')).toHaveValue('1.1.1');
  await expect(page.getByTestId('lints')).toHaveText('No problems found.');
  await page.screenshot({ path: testInfo.outputPath('annotated.png') });

  await page.reload();
  await expect(page.getByTestId('library-row')).toHaveCount(2);
  await expect(page.locator('[data-testid="mark-row"][data-mark-type="cycle"]')).toHaveCount(3);
  const cycles = await page.locator('[data-testid="mark-row"][data-mark-type="cycle"] .mark-time').allTextContents();
  expect(cycles).toEqual(['00:02.00–00:04.00', '00:04.00–00:06.00', '00:06.00–00:08.00']);
  await keys(page, '2');
  await page.getByTestId('question-row').click();
  await expect(page.getByTestId('question-text')).toHaveValue('How many squares are on screen right now?');
  for (const [letter, text] of [
    ['A', 'Two'],
    ['B', 'Three'],
    ['C', 'Four'],
    ['D', 'Five'],
  ])
    await expect(page.getByTestId(`option-${letter}`)).toHaveValue(text!);
  await expect(page.getByTestId('qp-answer')).toHaveValue('B');
  await expect(page.getByTestId('qp-time')).toHaveValue('00:11.00');
  await expect(page.getByTestId('qp-evidence')).toHaveText('00:08.00–00:10.00');
  await expect(page.getByTestId('task-code')).toHaveValue('1.1.1');
});

test('undo and redo every edit; prefix-only view stops at the query time', async ({ page, tidemark }) => {
  await page.goto(tidemark.url);
  await openDemoVideo(page, 'counting-objects.mp4');
  await keys(page, 'ArrowRight', 'e', 'ArrowRight', 'e', 'ArrowRight', 'y');
  await expect(page.getByTestId('mark-row')).toHaveCount(3);
  await keys(page, 'Control+z');
  await expect(page.getByTestId('status')).toHaveText('Undid: Add identity');
  await expect(page.getByTestId('mark-row')).toHaveCount(2);
  await keys(page, 'Control+z', 'Control+z');
  await expect(page.getByTestId('mark-row')).toHaveCount(0);
  await keys(page, 'Control+Shift+Z');
  await expect(page.getByTestId('mark-row')).toHaveCount(1);
  // Shift decides, not the case the key arrives in: Ctrl+Shift with key "z" (Caps Lock, some
  // layouts) redoes, Ctrl with key "Z" and no Shift undoes
  await keys(page, 'Control+Shift+z');
  await expect(page.getByTestId('status')).toHaveText('Redid: Add event');
  await expect(page.getByTestId('mark-row')).toHaveCount(2);
  await keys(page, 'Control+Z');
  await expect(page.getByTestId('status')).toHaveText('Undid: Add event');
  await expect(page.getByTestId('mark-row')).toHaveCount(1);

  // a question at 5 s: with its query point selected, stepping cannot pass 5 s
  await keys(page, 'Home', 'ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowRight', 'n');
  await expect(page.getByTestId('question-text')).toBeFocused();
  await page.keyboard.type('What is on screen?');
  await page.keyboard.press('Escape'); // leaves the field (saving the text); the question stays selected
  await keys(page, 'ArrowRight', 'ArrowRight');
  await expect.poll(async () => Number((await playerState(page)).commandedTime)).toBe(5);
  await keys(page, 'P'); // show everything
  await keys(page, 'ArrowRight');
  await expect.poll(async () => Number((await playerState(page)).commandedTime)).toBe(6);
  await expectPresented(page, 180);
});

test('a killed server loses nothing that was acknowledged', async ({ page }) => {
  const first = await startTidemark();
  try {
    await page.goto(first.url);
    await openDemoVideo(page, 'counting-objects.mp4');
    // an editing session: events, a span, a counting question with derived answers
    await keys(page, 'ArrowRight', 'e', 'ArrowRight', 'e', 'ArrowRight', '[', 'ArrowRight', 'ArrowRight', ']', 'ArrowRight', 'e');
    await expect(page.getByTestId('mark-row')).toHaveCount(4);
    await keys(page, '2');
    await page.getByTestId('new-question-profile').selectOption({ label: 'VCBench' });
    await page.getByTestId('new-question-profile').blur();
    await keys(page, 'n');
    await expect(page.getByTestId('question-text')).toBeFocused();
    await typeInto(page, 'How many hard cuts so far?');
    await page.getByTestId('counting-subcategory').selectOption('E1-Transit');
    await expect(page.getByTestId('qp-derived')).toHaveText('= 0'); // target "objects" has no marks yet
    await page.getByTestId('status').click();
    await keys(page, 'Control+z'); // undo the counting choice, then redo it: both acknowledged
    await keys(page, 'Control+Shift+Z');
    await expect(page.getByTestId('status')).toContainText('Redid');
    // everything the UI shows has been acknowledged by the server: kill it without warning
    const shown = { marks: 4, question: await page.getByTestId('question-text').inputValue() };
    await first.stop('SIGKILL');

    const second = await startTidemark({ dataDir: first.dataDir });
    try {
      await page.goto(second.url);
      await expect(page.getByTestId('library-row')).toHaveCount(2);
      await expect(page.locator('.library-row.selected')).toHaveAttribute('data-video-name', 'counting-objects.mp4');
      await expect(page.getByTestId('mark-row')).toHaveCount(shown.marks);
      await keys(page, '2');
      await page.getByTestId('question-row').click();
      await expect(page.getByTestId('question-text')).toHaveValue(shown.question);
      await expect(page.getByTestId('counting-subcategory')).toHaveValue('E1-Transit');
      // and the undo history came back with it
      await page.locator('body').click({ position: { x: 5, y: 5 } });
      await keys(page, 'Control+z');
      await expect(page.getByTestId('status')).toContainText('Undid: Edit question');
    } finally {
      await second.stop();
    }
    // the file itself is intact
    const db = new Database(join(first.dataDir, 'Demo', 'demo.tidemark'), { readonly: true });
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    db.close();
  } finally {
    removeDir(first.dataDir);
  }
});

test('a question made with N and left untouched goes with Esc (undoably); one with text stays', async ({ page, tidemark }) => {
  await page.goto(tidemark.url);
  await openDemoVideo(page, 'counting-objects.mp4');
  await keys(page, 'ArrowRight', 'n');
  await expect(page.getByTestId('question-text')).toBeFocused();
  await expect(page.getByTestId('question-row')).toHaveCount(1);
  await keys(page, 'Escape');
  await expect(page.getByTestId('question-row')).toHaveCount(0);
  await expect(page.getByTestId('status')).toContainText('Empty question removed');
  await keys(page, 'Control+z');
  await expect(page.getByTestId('question-row')).toHaveCount(1);
  await keys(page, 'Control+Shift+Z');
  await expect(page.getByTestId('question-row')).toHaveCount(0);
  // with text typed, Esc only leaves the field
  await keys(page, 'n');
  await expect(page.getByTestId('question-text')).toBeFocused();
  await page.keyboard.type('Which colour is the background?');
  await keys(page, 'Escape');
  await expect(page.getByTestId('question-text')).not.toBeFocused();
  await expect(page.getByTestId('question-row')).toHaveCount(1);
  await expect(page.getByTestId('question-row')).toContainText('Which colour is the background?');
});

test('adding an option puts the cursor in it', async ({ page, tidemark }) => {
  await page.goto(tidemark.url);
  await openDemoVideo(page, 'counting-objects.mp4');
  await keys(page, 'n');
  await expect(page.getByTestId('question-text')).toBeFocused();
  await typeInto(page, 'How many squares?');
  await expect(page.getByTestId('answer-kind')).toHaveValue('choice');
  await page.getByTestId('add-option').focus();
  await keys(page, 'Enter');
  await expect(page.getByTestId('option-A')).toBeFocused();
  await typeInto(page, 'Two');
  await page.getByTestId('add-option').click();
  await expect(page.getByTestId('option-B')).toBeFocused();
  await typeInto(page, 'Three');
  await expect(page.getByTestId('option-A')).toHaveValue('Two');
  await expect(page.getByTestId('option-B')).toHaveValue('Three');
});

test('messages take no room from the video: a jump error and an open span leave the layout still', async ({ page, tidemark }) => {
  await page.goto(tidemark.url);
  await openDemoVideo(page, 'counting-objects.mp4');
  const player = page.getByTestId('player');
  const before = await player.boundingBox();
  await keys(page, 'g');
  await page.keyboard.type('not a time at all');
  await keys(page, 'Enter');
  await expect(page.locator('.transport [role="alert"]')).toBeVisible();
  expect(await player.boundingBox()).toEqual(before);
  await keys(page, 'Escape', 'ArrowRight', '[');
  await expect(page.getByTestId('pending')).toBeVisible();
  expect(await player.boundingBox()).toEqual(before);
  await keys(page, 'ArrowRight', 'ArrowRight', ']');
  await expect(page.getByTestId('pending')).toHaveCount(0);
  expect(await player.boundingBox()).toEqual(before);
});

test('an open cycle is a mark like any other: it survives a reload, is closed later, and Esc removes it undoably', async ({ page, tidemark }) => {
  await page.goto(tidemark.url);
  await openDemoVideo(page, 'counting-objects.mp4');
  const cycles = page.locator('[data-testid="mark-row"][data-mark-type="cycle"] .mark-time');
  // three C: cycles 2–4 and 4–6, and a third opened at 6 s
  await keys(page, 'ArrowRight', 'ArrowRight', 'c', 'ArrowRight', 'ArrowRight', 'c', 'ArrowRight', 'ArrowRight', 'c');
  await expect(page.getByTestId('pending')).toContainText('cycle open from 6.00');
  await expect(cycles).toHaveText(['00:02.00–00:04.00', '00:04.00–00:06.00', '00:06.00–…']);

  await page.reload();
  await expect(page.getByTestId('library-row')).toHaveCount(2);
  await expect(page.getByTestId('pending')).toContainText('cycle open from 6.00');
  await expect(cycles).toHaveText(['00:02.00–00:04.00', '00:04.00–00:06.00', '00:06.00–…']);

  // closing it is an edit of that mark
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await keys(page, 'g');
  await page.keyboard.type('8');
  await keys(page, 'Enter', 'Shift+C');
  await expect(page.getByTestId('pending')).toHaveCount(0);
  await expect(cycles).toHaveText(['00:02.00–00:04.00', '00:04.00–00:06.00', '00:06.00–00:08.00']);
  await keys(page, 'Control+z');
  await expect(page.getByTestId('pending')).toContainText('cycle open from 6.00');

  // Esc cancels the open cycle: its mark is removed, and undo brings it back
  await keys(page, 'Escape');
  await expect(page.getByTestId('pending')).toHaveCount(0);
  await expect(page.getByTestId('status')).toContainText('Open cycle removed');
  await expect(cycles).toHaveCount(2);
  await keys(page, 'Control+z');
  await expect(page.getByTestId('pending')).toContainText('cycle open from 6.00');
  await expect(cycles).toHaveCount(3);
});

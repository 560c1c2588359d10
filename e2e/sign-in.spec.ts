// Signing in: a person protects their name with a passphrase, and signing in as them asks for it;
// two browsers are two people at once, each what the server vouches for, neither the other.
import type { Page } from '@playwright/test';
import { api, becomes, colourQuestion, everythingHeld, expect, keys, openDemoVideo, reviewTeam, signIn, test } from './support/fixtures';

const PASSPHRASE = 'tide-pools at dawn';

/** The author's answer: it must never reach the reviewer's browser. */
const AUTHOR_ANSWER = 'sentinel-author-9137';

async function openReview(page: Page, tab: string): Promise<void> {
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await keys(page, 'r');
  await expect(page.getByTestId('review-overlay')).toBeVisible();
  await page.getByTestId(`review-tab-${tab}`).click();
}

test('a lead protects their name with a passphrase in People; signing back in as the lead is refused in the form without it, and accepted with it', async ({ browser, page, tidemark }) => {
  test.setTimeout(120_000);
  await page.goto(tidemark.url);
  await expect(page.getByTestId('library-row')).toHaveCount(2);
  await signIn(page, 'Lee', 'lead');
  for (const [name, roles] of [
    ['Lee', ['lead']],
    ['Ann', ['annotator']],
  ] as const)
    await api(page, 'people.save', { name, roles });
  await page.reload();
  await expect(page.getByTestId('identity')).toHaveText('Lee · lead');

  // the lead's own entry offers a passphrase; nobody else's does
  await openReview(page, 'people');
  const lee = page.getByTestId('person-row').filter({ hasText: 'Lee' });
  const ann = page.getByTestId('person-row').filter({ hasText: 'Ann' });
  await expect(ann.getByTestId('passphrase-set')).toHaveCount(0);
  await expect(lee.getByTestId('person-passphrase')).toHaveText('none');
  await lee.getByTestId('passphrase-set').click();
  await page.getByTestId('passphrase-new').fill(PASSPHRASE);
  await page.getByTestId('passphrase-repeat').fill(PASSPHRASE);
  await keys(page, 'Enter');
  await expect(lee.getByTestId('person-passphrase')).toHaveText('set');
  await expect(lee.getByTestId('passphrase-change')).toBeVisible();
  await expect(ann.getByTestId('person-passphrase')).toHaveText('none');
  await keys(page, 'Escape');

  // signed out to the annotator, who has no passphrase to give
  await becomes(page, 'Ann', 'annotator');

  // back as the lead: the form asks for the passphrase
  await page.getByTestId('identity').click();
  await page.getByTestId('identity-name').fill('Lee');
  await expect(page.getByTestId('identity-role')).toHaveValue('lead');
  const passphrase = page.getByTestId('identity-passphrase');
  await expect(passphrase).toBeVisible();
  // the popover keeps its width and its buttons where they are when a refusal is said under them
  const before = { popover: (await page.getByTestId('identity-popover').boundingBox())!, save: (await page.getByTestId('identity-save').boundingBox())! };
  // without it: refused, said in the form, which keeps the focus; still the annotator
  await page.getByTestId('identity-save').click();
  await expect(page.getByTestId('identity-error')).toHaveText('Lee protects their name with a passphrase: enter it to sign in.');
  await page.screenshot({ path: test.info().outputPath('popover-refused.png') });
  expect((await page.getByTestId('identity-popover').boundingBox())!.width).toBe(before.popover.width);
  expect(await page.getByTestId('identity-save').boundingBox()).toEqual(before.save);
  await expect(passphrase).toBeFocused();
  await expect(page.getByTestId('identity')).toHaveText('Ann · annotator');
  // a wrong one: the same
  await page.keyboard.type('not the passphrase');
  await keys(page, 'Enter');
  await expect(page.getByTestId('identity-error')).toHaveText("That is not Lee's passphrase.");
  await expect(passphrase).toBeFocused();
  await expect(page.getByTestId('identity')).toHaveText('Ann · annotator');
  // with it (Enter submits): the lead, the form closed
  await passphrase.fill(PASSPHRASE);
  await keys(page, 'Enter');
  await expect(page.getByTestId('identity')).toHaveText('Lee · lead');
  await expect(page.getByTestId('identity-popover')).toHaveCount(0);
  expect(await api<{ caller: unknown }>(page, 'app.info')).toMatchObject({ caller: { person: 'Lee', role: 'lead' } });

  // another browser starts as the machine's last person, the lead, without his passphrase: its first
  // refused call (reading the project) opens the form with the refusal, the passphrase field focused
  const other = await browser.newContext();
  try {
    const second = await other.newPage();
    await second.goto(tidemark.url);
    await expect(second.getByTestId('identity-error')).toHaveText('Lee protects their name with a passphrase: sign in again.');
    await expect(second.getByTestId('identity-passphrase')).toBeFocused();
    await second.keyboard.type(PASSPHRASE);
    await keys(second, 'Enter');
    await expect(second.getByTestId('identity')).toHaveText('Lee · lead');
    await expect(second.getByTestId('identity-popover')).toHaveCount(0);
    await expect(second.getByTestId('library-row')).toHaveCount(2);
  } finally {
    await other.close();
  }
});

test('two browsers are two people at once: the reviewer’s page never shows the annotator’s answer, and the annotator stays the annotator', async ({ browser, tidemark }) => {
  test.setTimeout(120_000);
  const annBrowser = await browser.newContext();
  const ritaBrowser = await browser.newContext();
  try {
    const ann = await annBrowser.newPage();
    const rita = await ritaBrowser.newPage();

    // the work, through the API in the annotator's browser: people, Ann's question, a round for Rita
    await ann.goto(tidemark.url);
    await expect(ann.getByTestId('library-row')).toHaveCount(2);
    const videoId = await reviewTeam(ann);
    await api(ann, 'questions.create', colourQuestion(videoId, AUTHOR_ANSWER));
    await signIn(ann, 'Lee', 'lead');
    await api(ann, 'rounds.open', { name: 'Round', selection: {}, reviewers: ['Rita'] });
    await signIn(ann, 'Ann', 'annotator');
    await ann.reload();
    await expect(ann.getByTestId('identity')).toHaveText('Ann · annotator');

    // the reviewer, in a browser of her own, at the same time
    await rita.goto(tidemark.url);
    await expect(rita.getByTestId('library-row')).toHaveCount(2);
    await signIn(rita, 'Rita', 'reviewer');
    await rita.reload();
    await expect(rita.getByTestId('identity')).toHaveText('Rita · reviewer');

    // the annotator is still the annotator: her page, her calls, her answer in the editor
    await expect(ann.getByTestId('identity')).toHaveText('Ann · annotator');
    expect(await api(ann, 'app.info')).toMatchObject({ caller: { person: 'Ann', role: 'annotator' } });
    await openDemoVideo(ann, 'counting-objects.mp4');
    await keys(ann, '2');
    await ann.getByTestId('question-row').first().click();
    await expect(ann.getByTestId('question-editor')).toBeVisible();
    await expect.poll(async () => (await everythingHeld(ann)).includes(AUTHOR_ANSWER)).toBe(true);

    // the reviewer opens the same item from her queue, while the annotator has it open: no answer
    await openDemoVideo(rita, 'counting-objects.mp4');
    await openReview(rita, 'queue');
    await rita.getByTestId('queue-item').filter({ hasText: 'What colour' }).click();
    await expect(rita.getByTestId('review-panel')).toBeVisible();
    await expect.poll(async () => (await everythingHeld(rita)).includes('What colour is the square')).toBe(true);
    expect(await everythingHeld(rita)).not.toContain(AUTHOR_ANSWER);
    // nor through her browser's calls
    expect(JSON.stringify(await api(rita, 'annotations.load', { videoId }))).not.toContain(AUTHOR_ANSWER);
    expect(await api(rita, 'app.info')).toMatchObject({ caller: { person: 'Rita', role: 'reviewer' } });

    // and after all of that, and a reload, the annotator is the annotator
    await ann.reload();
    await expect(ann.getByTestId('identity')).toHaveText('Ann · annotator');
    expect(await api(ann, 'app.info')).toMatchObject({ caller: { person: 'Ann', role: 'annotator' } });
    expect(JSON.stringify(await api(ann, 'annotations.load', { videoId }))).toContain(AUTHOR_ANSWER);
  } finally {
    await annBrowser.close();
    await ritaBrowser.close();
  }
});

test('the sign-in popover and People by keyboard alone: Tab stays in the popover, Escape and Switch give the focus back to the identity button; a listed name is offered its roles; People says who has a passphrase and where the focus goes', async ({
  page,
  tidemark,
}) => {
  test.setTimeout(120_000);
  await page.goto(tidemark.url);
  await expect(page.getByTestId('library-row')).toHaveCount(2);
  await reviewTeam(page);
  await signIn(page, 'Lee', 'lead');
  await page.reload();
  const identity = page.getByTestId('identity');
  const popover = page.getByTestId('identity-popover');
  const name = page.getByTestId('identity-name');
  const role = page.getByTestId('identity-role');
  await expect(identity).toHaveText('Lee · lead');

  // opened from the identity button: the name is focused, and Tab goes round the popover's fields and buttons
  await identity.focus();
  await keys(page, 'Enter');
  await expect(popover).toBeVisible();
  await expect(name).toBeFocused();
  await page.screenshot({ path: test.info().outputPath('popover-open.png') });
  const walk = [role, page.getByTestId('identity-save'), page.getByTestId('identity-cancel'), name];
  for (const next of walk) {
    await keys(page, 'Tab');
    await expect(next).toBeFocused();
  }
  await keys(page, 'Shift+Tab');
  await expect(page.getByTestId('identity-cancel')).toBeFocused();
  await expect(popover).toBeVisible();
  // Escape from a button of it, then from its name field: closed, the focus on the identity button
  await keys(page, 'Escape');
  await expect(popover).toHaveCount(0);
  await expect(identity).toBeFocused();
  await keys(page, 'Enter');
  await expect(name).toBeFocused();
  await keys(page, 'Escape');
  await expect(popover).toHaveCount(0);
  await expect(identity).toBeFocused();

  // a listed name, in any case, is offered only its roles; a name nobody lists, all five
  await keys(page, 'Enter');
  await name.fill('ann');
  await expect(role.locator('option')).toHaveText(['annotator']);
  await name.fill('RITA');
  await expect(role.locator('option')).toHaveText(['reviewer']);
  await name.fill('Somebody new');
  await expect(role.locator('option')).toHaveCount(5);
  // Switch, reached with Tab: the annotator, the focus back on the identity button
  await name.fill('Ann');
  await expect(role).toHaveValue('annotator');
  await keys(page, 'Tab', 'Tab', 'Enter');
  await expect(identity).toHaveText('Ann · annotator');
  await expect(popover).toHaveCount(0);
  await expect(identity).toBeFocused();

  // People, the whole width of the overlay: whose name has a passphrase, a column of its own
  await openReview(page, 'people');
  const list = page.getByTestId('people-list');
  const table = (await list.boundingBox())!;
  const close = (await page.getByTestId('review-overlay').getByRole('button', { name: 'Close', exact: true }).boundingBox())!;
  expect(table.x + table.width).toBeGreaterThan(close.x + close.width - 20);
  const annRow = page.getByTestId('person-row').filter({ hasText: 'Ann' });
  await expect(page.getByTestId('person-passphrase')).toHaveText(['none', 'none', 'none']);
  // setting hers: one problem at a time, said in the form; done, said there too, the focus on her row's button
  await annRow.getByTestId('passphrase-set').focus();
  await keys(page, 'Enter');
  await expect(page.getByTestId('passphrase-new')).toBeFocused();
  await page.keyboard.type('short');
  await keys(page, 'Tab');
  await page.keyboard.type('short');
  await keys(page, 'Enter');
  await expect(page.getByTestId('passphrase-form').getByRole('alert')).toHaveText(['A passphrase has 8 to 200 characters.']);
  await page.getByTestId('passphrase-new').fill(PASSPHRASE);
  await page.getByTestId('passphrase-repeat').fill('tide-pools at dusk');
  await keys(page, 'Enter');
  await expect(page.getByTestId('passphrase-form').getByRole('alert')).toHaveText(['The two new passphrases differ.']);
  await expect(page.getByTestId('review-overlay').getByText('A passphrase has 8 to 200 characters.')).toHaveCount(0);
  await page.getByTestId('passphrase-repeat').fill(PASSPHRASE);
  await keys(page, 'Enter');
  await expect(page.getByTestId('passphrase-done')).toHaveText('Your passphrase is set: signing in as you asks for it.');
  await expect(annRow.getByTestId('person-passphrase')).toHaveText('set');
  await expect(annRow.getByTestId('passphrase-change')).toBeFocused();
  await page.screenshot({ path: test.info().outputPath('people-annotator.png') });
  await keys(page, 'Escape');

  // the lead adds a person: the focus on their row (the overlay's keys work from there), the name field emptied
  await signIn(page, 'Lee', 'lead');
  await page.reload();
  await expect(identity).toHaveText('Lee · lead');
  await openReview(page, 'people');
  await page.getByTestId('person-name').fill('Dee');
  await page.getByTestId('person-save').focus();
  await keys(page, 'Enter');
  await expect(page.getByTestId('person-row').filter({ hasText: 'Dee' })).toHaveCount(1);
  await expect(page.getByTestId('person-row').filter({ hasText: 'Dee' }).getByRole('button').first()).toBeFocused();
  await expect(page.getByTestId('person-name')).toHaveValue('');
  await expect(page.getByTestId('person-row').filter({ hasText: 'Dee' }).getByTestId('person-passphrase')).toHaveText('none');
  await expect(annRow.getByTestId('person-passphrase')).toHaveText('set');
  await page.screenshot({ path: test.info().outputPath('people-lead.png') });
});

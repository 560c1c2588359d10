import { test as base, expect, type Page } from '@playwright/test';
import { removeDir, startTidemark, type RunningTidemark } from './server';

export const test = base.extend<{ tidemark: RunningTidemark }>({
  // every test gets its own server and data folder, and stops what it started
  tidemark: async ({}, use) => {
    const running = await startTidemark();
    await use(running);
    await running.stop();
    removeDir(running.dataDir);
  },
});

export { expect };

/** The player's own report of what was asked for and what frame is on screen. */
export async function playerState(page: Page): Promise<{ commandedFrame: string; presentedFrame: string; commandedTime: string; presentedTime: string }> {
  // runs in the page; typed structurally since the Node-side project has no DOM library
  return page.getByTestId('player').evaluate((el) => {
    const d = (el as unknown as { dataset: Record<string, string | undefined> }).dataset;
    return { commandedFrame: d.commandedFrame ?? '', presentedFrame: d.presentedFrame ?? '', commandedTime: d.commandedTime ?? '', presentedTime: d.presentedTime ?? '' };
  });
}

/** Waits until the frame on screen is the one that was commanded. */
export async function expectPresented(page: Page, frame: number): Promise<void> {
  await expect.poll(async () => (await playerState(page)).presentedFrame).toBe(String(frame));
  expect((await playerState(page)).commandedFrame).toBe(String(frame));
}

export async function openDemoVideo(page: Page, name: string): Promise<void> {
  await expect(page.getByTestId('library-row')).toHaveCount(2);
  await page.locator(`[data-video-name="${name}"]`).click();
  await expect(page.getByTestId('timecode')).toBeVisible();
  await expect.poll(async () => (await playerState(page)).presentedFrame).not.toBe('');
  await page.locator('body').click({ position: { x: 5, y: 5 } }); // focus the page, not a row
}

export async function keys(page: Page, ...sequence: string[]): Promise<void> {
  for (const key of sequence) await page.keyboard.press(key);
}

/** Jumps to a whole second with the keyboard (g, the time, Enter). */
export async function seekTo(page: Page, seconds: number): Promise<void> {
  await keys(page, 'g');
  await page.keyboard.type(String(seconds));
  await keys(page, 'Enter');
  await expect.poll(async () => Number((await playerState(page)).commandedTime)).toBe(seconds);
}

/** A new question of a profile at the playhead, its text typed. */
export async function newQuestion(page: Page, profile: string, text: string): Promise<void> {
  await keys(page, '2');
  await page.getByTestId('new-question-profile').selectOption({ label: profile });
  await page.getByTestId('new-question-profile').blur();
  await keys(page, 'n');
  await expect(page.getByTestId('question-text')).toBeFocused();
  await page.keyboard.type(text);
  await keys(page, 'Enter');
}

/** Calls the API from the page (same origin, the page's cookies), as the person its browser context is signed in as. */
export async function api<T>(page: Page, method: string, body: unknown = {}): Promise<T> {
  return page.evaluate(
    async ([m, b]) => {
      const response = await fetch(`/api/${m}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(b) });
      const result = (await response.json()) as { ok: boolean; value?: unknown; error?: { message: string } };
      if (!result.ok) throw new Error(`${m}: ${result.error?.message}`);
      return result.value;
    },
    [method, body] as const,
  ) as Promise<T>;
}

/**
 * Signs the page's browser context in (POST /session from the page: the session is its cookie), as
 * the app's own sign-in does; later calls from the page are this person's. What the page shows was
 * read as the person before: reload it to show the new one.
 */
export async function signIn(page: Page, person: string, role: string, passphrase?: string): Promise<void> {
  const refusal = await page.evaluate(
    async ([p, r, secret]) => {
      const response = await fetch('/session', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        credentials: 'same-origin',
        body: JSON.stringify({ person: p, role: r, ...(secret === null ? {} : { passphrase: secret }) }),
      });
      const result = (await response.json()) as { ok: boolean; error?: { message: string } };
      return result.ok ? null : `${response.status} ${result.error?.message ?? 'refused'}`;
    },
    [person, role, passphrase ?? null] as const,
  );
  if (refusal !== null) throw new Error(`Signing in as ${person} (${role}): ${refusal}`);
}

/**
 * A review team on the demo project, through the API: the lead Lee saves the people (Lee, Ann the
 * annotator, and `others`), then the page is signed in as Ann. The id of the demo video
 * counting-objects.mp4, where the team's questions go.
 */
export async function reviewTeam(page: Page, others: ReadonlyArray<readonly [string, readonly string[]]> = [['Rita', ['reviewer']]]): Promise<string> {
  await signIn(page, 'Lee', 'lead');
  for (const [name, roles] of [['Lee', ['lead']], ['Ann', ['annotator']], ...others] as const) await api(page, 'people.save', { name, roles });
  await signIn(page, 'Ann', 'annotator');
  const videos = await api<Array<{ id: string; name: string }>>(page, 'videos.list');
  return videos.find((v) => v.name === 'counting-objects.mp4')!.id;
}

/** A text question of the demo video whose answer, at 5 s, is `answer` (a sentinel no blind page may hold). */
export const colourQuestion = (videoId: string, answer: string) => ({
  videoId,
  fields: { profileId: 'builtin:phostream', text: 'What colour is the square that enters first?', answerKind: 'text', temporalType: 'backward', status: 'ready' },
  queryPoints: [{ time: 5, answer, evidence: [[2, 4]] }],
});

/** Everything the page holds: its text, every attribute, every field's value and every store slice. */
export async function everythingHeld(page: Page): Promise<string> {
  return page.evaluate(() => {
    const values = [...document.querySelectorAll('input, textarea, select')].map((e) => (e as HTMLInputElement).value);
    const state = (window as unknown as { tidemarkState: () => unknown }).tidemarkState();
    return [document.documentElement.outerHTML, document.body.innerText, ...values, JSON.stringify(state)].join('\n');
  });
}

/** Switches who is working through the header's control. */
export async function becomes(page: Page, name: string, role: string): Promise<void> {
  await page.getByTestId('identity').click();
  await page.getByTestId('identity-name').fill(name);
  await page.getByTestId('identity-role').selectOption(role);
  await page.getByTestId('identity-save').click();
  await expect(page.getByTestId('identity')).toHaveText(`${name} · ${role}`);
}

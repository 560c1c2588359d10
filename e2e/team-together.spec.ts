// Working together on a team server, on both engines (the embedded one, and PostgreSQL): two people
// in two browsers on one project — the annotator's mark appears on the lead's timeline without a
// reload, and goes again when she undoes it; a blind reviewer's page, and every answer it received,
// never holds the author's answer; and on PostgreSQL, two `serve` processes on one data folder and
// database, each person on another one, still see each other's edits.
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { renderSyntheticVideo } from '../electron/services/media/synthetic';
import { resolveMediaTools } from '../electron/services/media/tools';
import { startTestPostgres, type TestPostgres } from '../electron/services/test-support/postgres';
import { colourQuestion, everythingHeld, keys, playerState } from './support/fixtures';
import { acceptInvitationOverHttp, inviteWithCli, serveTeam, signInOnPage, tidemarkCli, type RunningTeamServer, type TeamPlace, type TeamSession } from './support/team';

const PROJECT = 'cats';
const CLIP = 'tide-clip.mp4';
const PASSWORDS = { Lee: 'lee keeps the key', Ann: 'ann marks the tide', Rita: 'rita reads it blind' } as const;
/** The author's answer: no page of a blind reviewer, nor any answer it was sent, may hold it. */
const SENTINEL = 'vermilion-sentinel-7f3a';
/** How soon another person's edit must be on the page (the README says within a second; the issue allows 2 s). */
const LIVE_MS = 2_000;

const jobsSchema = z.array(z.object({ id: z.string(), state: z.string(), error: z.string().nullish() }));

/**
 * Signs `name` in on `server` in a browser context (/login, then the list of their projects) and
 * opens the project's app from the list, the clip selected and the page focused. `beforeOpening`
 * runs on the list page, before the app is loaded.
 */
async function openProject(context: BrowserContext, server: RunningTeamServer, name: keyof typeof PASSWORDS, beforeOpening?: (page: Page) => void): Promise<Page> {
  const page = await context.newPage();
  await signInOnPage(page, server.url, name, PASSWORDS[name], '/');
  const link = page.getByTestId('team-projects').getByRole('link', { name: PROJECT });
  await expect(link).toBeVisible();
  await page.waitForLoadState('networkidle'); // the list page's own calls are over
  beforeOpening?.(page);
  await link.click();
  await expect(page).toHaveURL(`${server.url}/p/${PROJECT}/`);
  await expect(page.getByTestId('project-name')).toHaveText(PROJECT);
  await page.locator(`[data-video-name="${CLIP}"]`).click();
  await expect(page.getByTestId('timecode')).toBeVisible();
  await expect.poll(async () => (await playerState(page)).presentedFrame).not.toBe('');
  await page.locator('body').click({ position: { x: 5, y: 5 } }); // focus the page, not a row
  return page;
}

/** Ann adds an event mark at 2 s with the keyboard; the lead's page shows it within LIVE_MS, and loses it as fast when she undoes it — never reloaded. */
async function markSeenLive(ann: Page, lead: Page): Promise<void> {
  const leadMarks = lead.getByTestId('mark-row');
  await expect(leadMarks).toHaveCount(0);
  // a page that reloaded would lose this: what the lead sees must come from the live stream
  await lead.evaluate(() => Object.assign(window, { notReloaded: true }));

  // from the start: the playhead opens where the video's view was last saved, by anyone
  await keys(ann, 'Home', 'ArrowRight', 'ArrowRight');
  await expect.poll(async () => Number((await playerState(ann)).commandedTime)).toBe(2);
  await keys(ann, 'e');
  await expect(leadMarks).toHaveCount(1, { timeout: LIVE_MS });
  await expect(leadMarks.first()).toHaveAttribute('data-mark-type', 'event');
  await expect(leadMarks.first().locator('.mark-time')).toHaveText('00:02.00');
  await expect(ann.getByTestId('mark-row')).toHaveCount(1);

  await keys(ann, 'Control+z');
  await expect(leadMarks).toHaveCount(0, { timeout: LIVE_MS });
  await expect(ann.getByTestId('status')).toHaveText('Undid: Add event');
  await expect(ann.getByTestId('mark-row')).toHaveCount(0);
  expect(await lead.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
}

for (const engine of ['the embedded engine', 'PostgreSQL'] as const) {
  test.describe.serial(`working together on ${engine}`, () => {
    let postgres: TestPostgres | null = null;
    let place: TeamPlace;
    let mediaRoot: string;
    const servers: RunningTeamServer[] = [];
    let lee: TeamSession;
    let videoId: string;

    test.beforeAll(async () => {
      test.setTimeout(180_000);
      mediaRoot = mkdtempSync(join(tmpdir(), 'tidemark-team-media-'));
      place = { dataDir: mkdtempSync(join(tmpdir(), 'tidemark-team-together-')), database: null };
      if (engine === 'PostgreSQL') {
        postgres = await startTestPostgres();
        place.database = await postgres.database();
      }
      // a tiny H.264 clip in the folder the server may import from
      await renderSyntheticVideo(
        resolveMediaTools('bundled').ffmpeg,
        { width: 320, height: 180, fps: 15, codec: 'h264', scenes: [{ background: 'navy', seconds: 8, objects: [{ color: 'orange', size: 30, speed: 40, y: 60, x0: 0 }] }] },
        join(mediaRoot, CLIP),
      );
      tidemarkCli(place, 'projects', 'add', PROJECT);
      servers.push(await serveTeam(place, { mediaRoot }));
      const url = servers[0]!.url;
      const links = {
        Lee: inviteWithCli(place, url, 'Lee', PROJECT, 'lead'),
        Ann: inviteWithCli(place, url, 'Ann', PROJECT, 'annotator'),
        Rita: inviteWithCli(place, url, 'Rita', PROJECT, 'reviewer'),
      };
      lee = await acceptInvitationOverHttp(links.Lee, PASSWORDS.Lee);
      await acceptInvitationOverHttp(links.Ann, PASSWORDS.Ann);
      await acceptInvitationOverHttp(links.Rita, PASSWORDS.Rita);

      // the lead imports the clip over HTTP with their session, and waits for the import's job
      const { jobId } = await lee.call(PROJECT, 'videos.import', { paths: [join(mediaRoot, CLIP)] }, z.object({ jobId: z.string() }));
      await expect.poll(async () => (await lee.call(PROJECT, 'jobs.list', {}, jobsSchema)).find((j) => j.id === jobId)?.state, { timeout: 60_000 }).toBe('done');
      const videos = await lee.call(PROJECT, 'videos.list', {}, z.array(z.object({ id: z.string(), name: z.string() })));
      videoId = videos.find((v) => v.name === CLIP)!.id;
    });

    test.afterAll(async () => {
      for (const server of servers) await server.stop();
      await postgres?.stop();
      rmSync(place.dataDir, { recursive: true, force: true });
      rmSync(mediaRoot, { recursive: true, force: true });
    });

    test('an annotator’s mark appears on the lead’s timeline without a reload, and goes when she undoes it', async ({ browser }) => {
      const annContext = await browser.newContext();
      const leadContext = await browser.newContext();
      try {
        const lead = await openProject(leadContext, servers[0]!, 'Lee');
        const ann = await openProject(annContext, servers[0]!, 'Ann');
        await expect(ann.getByTestId('identity')).toHaveText('Ann · annotator');
        await markSeenLive(ann, lead);
      } finally {
        await annContext.close();
        await leadContext.close();
      }
    });

    test('a blind reviewer’s page, and every answer it received, never holds the author’s answer', async ({ browser }) => {
      // the lead writes a question whose answer is the sentinel, and opens a round assigning Rita
      await lee.call(PROJECT, 'questions.create', colourQuestion(videoId, SENTINEL), z.unknown());
      await lee.call(PROJECT, 'rounds.open', { name: 'Blind round', selection: {}, reviewers: ['Rita'] }, z.object({ number: z.number() }));
      // the answer is there to be leaked: the lead reads it back
      expect(JSON.stringify(await lee.call(PROJECT, 'annotations.load', { videoId }, z.unknown()))).toContain(SENTINEL);

      const context = await browser.newContext();
      try {
        // every answer the project's app receives in the reviewer's browser, from its first load on
        // (no navigation after it, so each body can be read). Two kinds are listed apart: the event
        // stream never ends while the page is open, so its body cannot be read whole (it says who and
        // which tables, by the server's design), and the video's bytes go to the media pipeline,
        // whose bodies Chromium does not keep (the clip, looked up by its opaque id)
        const bodies: Array<Promise<{ url: string; text: string | null }>> = [];
        const apart: string[] = [];
        const page = await openProject(context, servers[0]!, 'Rita', (list) =>
          list.on('response', (response) => {
            if (/^(text\/event-stream|video\/)/.test(response.headers()['content-type'] ?? '')) apart.push(response.url());
            else
              bodies.push(
                response.text().then(
                  (text) => ({ url: response.url(), text }),
                  () => ({ url: response.url(), text: null }),
                ),
              );
          }),
        );
        await expect(page.getByTestId('identity')).toHaveText('Rita · reviewer');
        await page.keyboard.press('r');
        await expect(page.getByTestId('review-overlay')).toBeVisible();
        await page.getByTestId('review-tab-queue').click();
        await expect(page.getByTestId('queue-item')).toHaveCount(1);
        // the item opened beside the video, as she would answer it
        await page.getByTestId('queue-item').press('Enter');
        await expect(page.getByTestId('review-question')).toHaveText('What colour is the square that enters first?');

        expect(await page.content()).not.toContain(SENTINEL);
        expect(await everythingHeld(page)).not.toContain(SENTINEL);
        const received = await Promise.all(bodies);
        // the answers that matter were read: the queue and the item's blind context
        expect(received.map((r) => new URL(r.url).pathname)).toEqual(expect.arrayContaining([`/p/${PROJECT}/api/reviews.queue`, `/p/${PROJECT}/api/reviews.context`]));
        expect(
          received.filter((r) => r.text === null).map((r) => r.url),
          'answers whose body could not be read',
        ).toEqual([]);
        expect(received.filter((r) => r.text!.includes(SENTINEL)).map((r) => r.url)).toEqual([]);
        expect(apart.map((u) => new URL(u).pathname).filter((path) => path !== `/p/${PROJECT}/events` && path !== `/p/${PROJECT}/media/video/${videoId}`)).toEqual([]);
      } finally {
        await context.close();
      }
    });

    if (engine === 'PostgreSQL') {
      test('two serve processes on one data folder and database: Ann’s mark, made on one, appears on the lead’s page on the other', async ({ browser }) => {
        servers.push(await serveTeam(place, { mediaRoot }));
        const [first, second] = servers as [RunningTeamServer, RunningTeamServer];
        expect(second.url).not.toBe(first.url);
        const annContext = await browser.newContext();
        const leadContext = await browser.newContext();
        try {
          const lead = await openProject(leadContext, second, 'Lee');
          const ann = await openProject(annContext, first, 'Ann');
          expect(new URL(lead.url()).port).toBe(new URL(second.url).port);
          expect(new URL(ann.url()).port).toBe(new URL(first.url).port);
          await markSeenLive(ann, lead);
        } finally {
          await annContext.close();
          await leadContext.close();
        }
      });
    }
  });
}

// The team server in a browser: `tidemark serve` started as the README says, a lead's invitation
// accepted, signing in and out, a project opened from the list, and an annotator (a second browser)
// who sees their project but not its Manage section.
import { expect, test } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { acceptInvitation, serveTeam, signInOnPage, tidemarkCli, type RunningTeamServer, type TeamPlace } from './support/team';

const LEE_PASSWORD = 'lee keeps the key';
const ANN_PASSWORD = 'ann marks the tide';

let place: TeamPlace;
let server: RunningTeamServer;
let url: string;
/** Ann's invitation, as the lead's Manage section showed it. */
let annLink: string;

/** Runs the `tidemark` CLI on the server's data folder; its output. */
const tidemark = (...args: string[]): string => tidemarkCli(place, ...args);

test.describe.serial('the team server', () => {
  test.beforeAll(async () => {
    place = { dataDir: mkdtempSync(join(tmpdir(), 'tidemark-team-e2e-')), database: null };
    tidemark('projects', 'add', 'cats');
    server = await serveTeam(place);
    url = server.url;
  });

  test.afterAll(async () => {
    await server?.stop();
    rmSync(place.dataDir, { recursive: true, force: true });
  });

  test('a lead accepts the invitation the CLI printed, opens the project from the list, signs out, and signing in again comes back to it', async ({ page }) => {
    const printed = tidemark('users', 'add', 'Lee', '--project', 'cats', '--roles', 'lead');
    const leeLink = new RegExp(`(${url}/invite\\?token=\\S+)`).exec(printed)?.[1];
    expect(leeLink, printed).toBeTruthy();

    // a password too short is refused on the page, in words
    await page.goto(leeLink!);
    await expect(page.getByTestId('invite-name')).toHaveText('Lee');
    await page.getByTestId('invite-password').fill('short');
    await page.getByTestId('invite-confirm').fill('short');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('invite-problem')).toContainText('at least 10 characters');
    await acceptInvitation(page, leeLink!, 'Lee', LEE_PASSWORD);

    const cats = page.getByTestId('team-projects').getByRole('listitem').filter({ hasText: 'cats' });
    await expect(cats).toContainText('lead');

    // Manage: the members, and an invitation whose one-time link is shown
    await cats.getByRole('button', { name: 'Manage' }).click();
    await expect(page.getByTestId('team-members')).toContainText('Lee');
    await page.getByTestId('invite-member-name').fill('Ann');
    await page.getByTestId('invite-member-submit').click();
    await expect(page.getByTestId('manage-outcome')).toContainText('Ann is invited to cats as annotator');
    annLink = await page.getByTestId('one-time-link').inputValue();
    expect(annLink).toMatch(new RegExp(`^${url}/invite\\?token=`));
    await expect(page.getByTestId('team-members').getByRole('row').filter({ hasText: 'Ann' })).toContainText('invited (no password yet)');
    // the invitation is a lead's step: the audit log, read again after it, has it (filtered to admin steps)
    await page.getByTestId('audit-kind').selectOption('admin');
    await expect(page.getByTestId('team-audit').getByRole('row').filter({ hasText: 'Lee' }).filter({ hasText: 'admin' }).first()).toBeVisible();

    // the project's app, under /p/cats/: its name, the way back and out; no project files of a machine, no "who are you?"
    await cats.getByRole('link', { name: 'cats' }).click();
    await expect(page).toHaveURL(`${url}/p/cats/`);
    await expect(page.getByTestId('project-name')).toHaveText('cats');
    await expect(page.getByTestId('identity')).toHaveText('Lee · lead');
    await expect(page.getByTestId('team-projects-link')).toBeVisible();
    await expect(page.getByRole('button', { name: 'New', exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Open', exact: true })).toHaveCount(0);
    await expect(page.getByTestId('identity-form')).toHaveCount(0);

    await page.getByTestId('team-sign-out').click();
    await expect(page).toHaveURL(`${url}/login`);

    // the app without a session goes to the sign-in page, and back to the app after it
    await page.goto(`${url}/p/cats/`);
    await expect(page).toHaveURL(`${url}/login?next=/p/cats/`);
    await page.getByTestId('login-name').fill('Lee');
    await page.getByTestId('login-password').fill('not the password');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('login-error')).toBeVisible();
    await expect(page).toHaveURL(`${url}/login?next=/p/cats/`);
    await page.getByTestId('login-password').fill(LEE_PASSWORD);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(`${url}/p/cats/`);
    await expect(page.getByTestId('project-name')).toHaveText('cats');
  });

  test('an annotator, in a second browser, sees the project with their role and no Manage section', async ({ browser }) => {
    expect(annLink, 'the lead’s test invited Ann').toBeTruthy();
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await acceptInvitation(page, annLink, 'Ann', ANN_PASSWORD);
      const cats = page.getByTestId('team-projects').getByRole('listitem').filter({ hasText: 'cats' });
      await expect(cats).toContainText('annotator');
      await expect(page.getByRole('button', { name: 'Manage' })).toHaveCount(0);
      // and the server agrees: a lead's route is refused to her
      expect(await page.evaluate(async () => (await fetch('/team/projects/cats/members')).status)).toBe(403);

      await cats.getByRole('link', { name: 'cats' }).click();
      await expect(page.getByTestId('project-name')).toHaveText('cats');
      await expect(page.getByTestId('identity')).toHaveText('Ann · annotator');

      // back to the list, and out: the list then asks to sign in first
      await page.getByTestId('team-projects-link').click();
      await expect(page).toHaveURL(`${url}/`);
      await page.getByTestId('team-logout').click();
      await expect(page).toHaveURL(`${url}/login`);
      await page.goto(`${url}/`);
      await expect(page).toHaveURL(`${url}/login?next=/`);
    } finally {
      await context.close();
    }
  });

  test('the small things: a project one is not in, /login when signed in, the invite form after an invitation, the icon', async ({ browser }) => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      // the app and the team pages declare an icon, and /favicon.ico is there for whatever asks for it
      const icon = await page.request.get(`${url}/favicon.ico`);
      expect(icon.status()).toBe(200);
      expect(icon.headers()['content-type']).toMatch(/^image\//);
      await signInOnPage(page, url, 'Lee', LEE_PASSWORD, '/');
      await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', /\S/);

      // /login while signed in goes on: to `next` when it is a path on this server, else to the projects
      await page.goto(`${url}/login`);
      await expect(page).toHaveURL(`${url}/`);
      await page.goto(`${url}/login?next=/p/cats/`);
      await expect(page).toHaveURL(`${url}/p/cats/`);
      await expect(page.getByTestId('project-name')).toHaveText('cats');
      await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', /\S/);
      await page.goto(`${url}/login?next=//elsewhere.example/`);
      await expect(page).toHaveURL(`${url}/`);

      // a project Lee is not a member of: says so, with the way back, instead of a start screen
      tidemark('projects', 'add', 'dogs');
      await page.goto(`${url}/p/dogs/`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('You are not a member of dogs');
      await expect(page.getByRole('button', { name: 'New', exact: true })).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'My projects' })).toHaveAttribute('href', '/');
      expect(await page.evaluate(async () => (await fetch('/p/dogs/session')).status)).toBe(403);
      await page.getByRole('link', { name: 'My projects' }).click();
      await expect(page).toHaveURL(`${url}/`);

      // after an invitation the form starts afresh: the next person is not given the last one's roles
      const cats = page.getByTestId('team-projects').getByRole('listitem').filter({ hasText: 'cats' });
      await cats.getByRole('button', { name: 'Manage' }).click();
      const inviteRoles = page.getByRole('group', { name: 'Roles', exact: true });
      await page.getByTestId('invite-member-name').fill('Rea');
      await inviteRoles.getByRole('checkbox', { name: 'annotator' }).uncheck();
      await inviteRoles.getByRole('checkbox', { name: 'reviewer' }).check();
      await page.getByTestId('invite-member-submit').click();
      await expect(page.getByTestId('manage-outcome')).toContainText('Rea is invited to cats as reviewer');
      await expect(page.getByTestId('invite-member-name')).toHaveValue('');
      await expect(inviteRoles.getByRole('checkbox', { name: 'reviewer' })).not.toBeChecked();
      await expect(inviteRoles.getByRole('checkbox', { name: 'annotator' })).toBeChecked();
    } finally {
      await context.close();
    }
  });
});

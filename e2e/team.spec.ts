// The team server in a browser: `tidemark serve` started as the README says, a lead's invitation
// accepted, signing in and out, a project opened from the list, and an annotator (a second browser)
// who sees their project but not its Manage section.
import { expect, test, type Page } from '@playwright/test';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const LEE_PASSWORD = 'lee keeps the key';
const ANN_PASSWORD = 'ann marks the tide';

let dataDir: string;
let server: ChildProcess;
let url: string;
/** Ann's invitation, as the lead's Manage section showed it. */
let annLink: string;

/** Runs the `tidemark` CLI on the server's data folder; its output. */
function tidemark(...args: string[]): string {
  return execFileSync(process.execPath, [join(root, 'dist/cli/tidemark.mjs'), ...args, '--data-dir', dataDir], { cwd: root, encoding: 'utf8' });
}

async function acceptInvitation(page: Page, link: string, name: string, password: string): Promise<void> {
  await page.goto(link);
  await expect(page.getByTestId('invite-name')).toHaveText(name);
  await page.getByTestId('invite-password').fill(password);
  await page.getByTestId('invite-confirm').fill(password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`${url}/`);
  await expect(page.getByTestId('team-me')).toHaveText(`Signed in as ${name}`);
}

test.describe.serial('the team server', () => {
  test.beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'tidemark-team-e2e-'));
    tidemark('projects', 'add', 'cats');
    server = spawn(process.execPath, [join(root, 'dist/cli/tidemark.mjs'), 'serve', '--data-dir', dataDir, '--listen', '127.0.0.1:0'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    url = await new Promise<string>((resolveUrl, reject) => {
      const timer = setTimeout(() => reject(new Error(`tidemark serve did not start:\n${output}`)), 30_000);
      const onData = (chunk: Buffer): void => {
        output += chunk.toString();
        const printed = /(http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
        if (printed) {
          clearTimeout(timer);
          resolveUrl(printed);
        }
      };
      server.stdout!.on('data', onData);
      server.stderr!.on('data', onData);
      server.once('exit', (code) => reject(new Error(`tidemark serve exited (${code}):\n${output}`)));
    });
  });

  test.afterAll(async () => {
    if (server && server.exitCode === null && server.signalCode === null) {
      const exited = new Promise<void>((done) => server.once('exit', () => done()));
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
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
});

// A team server's media answers carry the video's content fingerprint (GET and HEAD, whole and
// ranged), so that a desktop holding the same file can play its own copy; only members get it.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTeamData, type TeamData } from '../services/team/data';
import { tempDir } from '../services/test-support/fixtures';
import { insertTestVideo } from '../services/test-support/project';
import { createHandlers } from '../services/handlers';
import { startTeamServer, type TeamServer } from './team-server';

const dir = tempDir();
const media = join(dir.path, 'media');
const PASSWORD = 'correct horse battery';
const FINGERPRINT = '0123456789abcdef0123456789abcdef';
let data: TeamData;
let server: TeamServer;
let videoId: string;
/** Each client's cookies, as a browser would send them back. */
let lee: string;
let olga: string;

async function signedIn(name: string, project: string): Promise<string> {
  const invitation = await data.accounts.addAccount(name);
  await data.host.setRoles(project, name, ['lead'], 'Lee');
  const token = new URL(invitation.link).searchParams.get('token')!;
  const accepted = await fetch(`${server.url}/team/invitation`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token, password: PASSWORD }) });
  expect(accepted.status).toBe(200);
  return accepted.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}

const askForClip = (cookie: string | null, init: { method?: string; range?: string } = {}) =>
  fetch(`${server.url}/p/alpha/media/video/${videoId}`, {
    method: init.method ?? 'GET',
    headers: { ...(cookie ? { cookie } : {}), ...(init.range ? { range: init.range } : {}) },
  });

beforeAll(async () => {
  mkdirSync(media, { recursive: true });
  writeFileSync(join(media, 'clip.mp4'), 'A-CLIP-OF-TWENTY-BYTES'.slice(0, 20));
  let url = '';
  data = await openTeamData(mkdtempSync(join(dir.path, 'server-')), { version: 'test', publicUrl: () => url });
  server = await startTeamServer({ host: data.host, accounts: data.accounts, handlers: createHandlers(), staticDir: join(dir.path, 'static'), mediaRoot: media });
  url = server.url;
  await data.host.create('alpha');
  await data.host.create('beta');
  const { project } = await data.host.open('alpha');
  const relPath = relative(dirname(data.host.pathOf('alpha')), join(media, 'clip.mp4'))
    .split(sep)
    .join('/');
  videoId = await insertTestVideo(project, { relPath, name: 'clip.mp4', fingerprint: FINGERPRINT, fileSize: 20 });
  lee = await signedIn('Lee', 'alpha');
  olga = await signedIn('Olga', 'beta');
}, 60_000);

afterAll(async () => {
  await server?.close();
  await data?.close();
  dir.remove();
});

describe("a team server's media answers", () => {
  it('carry the fingerprint on a whole GET and a ranged one', async () => {
    const whole = await askForClip(lee);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('x-tidemark-fingerprint')).toBe(FINGERPRINT);
    expect(await whole.text()).toBe('A-CLIP-OF-TWENTY-BYT');
    const ranged = await askForClip(lee, { range: 'bytes=2-5' });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-range')).toBe('bytes 2-5/20');
    expect(ranged.headers.get('x-tidemark-fingerprint')).toBe(FINGERPRINT);
    expect(await ranged.text()).toBe('CLIP');
  });

  it('answer HEAD with the headers and no body', async () => {
    const head = await askForClip(lee, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('x-tidemark-fingerprint')).toBe(FINGERPRINT);
    expect(head.headers.get('content-length')).toBe('20');
    expect(head.headers.get('accept-ranges')).toBe('bytes');
    expect(await head.text()).toBe('');
    const ranged = await askForClip(lee, { method: 'HEAD', range: 'bytes=0-0' });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('x-tidemark-fingerprint')).toBe(FINGERPRINT);
  });

  it('tell nobody but a member of the project', async () => {
    for (const method of ['GET', 'HEAD']) {
      const stranger = await askForClip(null, { method });
      expect(stranger.status).toBe(401);
      expect(stranger.headers.get('x-tidemark-fingerprint')).toBeNull();
      const other = await askForClip(olga, { method });
      expect(other.status).toBe(403);
      expect(other.headers.get('x-tidemark-fingerprint')).toBeNull();
    }
  });

  it('say a missing file by its place in the media folder, not the server’s whole path, and whom to ask', async () => {
    const { project } = await data.host.open('alpha');
    const relPath = relative(dirname(data.host.pathOf('alpha')), join(media, 'cats', 'gone.mp4'))
      .split(sep)
      .join('/');
    const goneId = await insertTestVideo(project, { relPath, name: 'gone.mp4', fingerprint: 'fedcba9876543210fedcba9876543210', fileSize: 20 });
    const csrf = /tidemark-csrf=([^;]+)/.exec(lee)![1]!;
    const call = async (method: string, body: unknown): Promise<string> => {
      const answer = await fetch(`${server.url}/p/alpha/api/${method}`, {
        method: 'POST',
        headers: { cookie: lee, 'x-csrf-token': csrf, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(answer.status).toBe(200);
      return answer.text();
    };
    const listed = await call('videos.list', {});
    const gone = (JSON.parse(listed) as { value: { id: string; status: string; statusMessage: string }[] }).value.find((v) => v.id === goneId)!;
    expect(gone.status).toBe('missing');
    expect(gone.statusMessage).toBe("The video file cats/gone.mp4 is not in the server's media folder: ask the server's operator.");
    // nowhere in the answer: not the media folder's place on the server, nor the data folder's
    expect(listed).not.toContain(JSON.stringify(media).slice(1, -1));
    expect(listed).not.toContain(JSON.stringify(dir.path).slice(1, -1));
  });

  it('leave it out for an unknown video', async () => {
    const unknown = await fetch(`${server.url}/p/alpha/media/video/no-such-video`, { headers: { cookie: lee } });
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('x-tidemark-fingerprint')).toBeNull();
  });
});

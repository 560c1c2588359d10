// The desktop shell: the only module that imports electron. It wires the window, the app:// and
// media:// protocols and IPC to the same services browser mode uses.
import { app, BrowserWindow, dialog, ipcMain, Menu, protocol, session, shell, type IpcMainInvokeEvent, type OpenDialogOptions, type WebContents } from 'electron';
import { existsSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { Readable } from 'node:stream';
import { apiMethods } from '../../shared/api-methods';
import { contentSecurityPolicy, isAllowedExternalUrl } from '../../shared/security';
import { teamServerAddress, type RecentTeamServer } from '../../shared/team-connect';
import { describeZodIssue } from '../../shared/zod-issue';
import { AppServices } from '../services/app-services';
import { NEVER_ABORTED } from '../services/context';
import { createHandlers, type DialogKind } from '../services/handlers';
import { answerFile, answerMedia, FINGERPRINT_HEADER } from '../services/media/serve';
import { isPathInside } from '../services/media/paths';
import type { Session } from '../services/session/sessions';
import { SignInService } from '../services/session/sign-in';
import { APP_ORIGIN, APP_SCHEME, appFileFromUrl, isInternalNavigation, MEDIA_SCHEME, mediaRouteFromUrl } from './routes';
import { fingerprintFromHead, isTeamVideoRequest, LocalCopies } from './local-copies';
import { desktopKeyStore } from './safe-key-store';
import { firstPage, loadFailure, RecentTeamServersFile, teamNavigation, teamPartition } from './team-window';

/** What every window's web contents run with: isolated, sandboxed, no Node, no mixed content. */
const LOCKED_DOWN = {
  contextIsolation: true,
  sandbox: true,
  nodeIntegration: false,
  nodeIntegrationInWorker: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  spellcheck: false,
} as const;

const rendererDir = join(__dirname, '..', 'renderer');
const csp = contentSecurityPolicy({ mediaScheme: MEDIA_SCHEME });
const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.png': 'image/png', '.woff2': 'font/woff2' };

protocol.registerSchemesAsPrivileged([
  { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
  { scheme: MEDIA_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true, corsEnabled: true } },
]);

if (!app.requestSingleInstanceLock()) app.quit();

let services: AppServices | null = null;
/** The desktop's own copies of team videos, indexed from the Local video folders setting when first asked. */
let localCopies: LocalCopies | null = null;

async function pickPaths(kind: DialogKind): Promise<string[]> {
  const window = BrowserWindow.getFocusedWindow();
  const videoFilter = { name: 'Videos', extensions: ['mp4', 'm4v', 'mov', 'webm', 'mkv', 'ogv'] };
  const benchmarkFilter = { name: 'Benchmark files', extensions: ['jsonl', 'json'] };
  const projectFilter = { name: 'Tidemark project', extensions: ['tidemark'] };
  if (kind === 'saveProject' || kind === 'benchmarkSaveFile' || kind === 'reviewPackageSave') {
    const saves = {
      saveProject: { title: 'New Tidemark project', filters: [projectFilter] },
      benchmarkSaveFile: { title: 'Export to', filters: [benchmarkFilter] },
      reviewPackageSave: { title: 'Save the review package as', filters: [projectFilter] },
    };
    const options = saves[kind];
    const result = window ? await dialog.showSaveDialog(window, options) : await dialog.showSaveDialog(options);
    return result.canceled || !result.filePath ? [] : [result.filePath];
  }
  const all = { name: 'All files', extensions: ['*'] };
  const choices: Record<Exclude<DialogKind, 'saveProject' | 'benchmarkSaveFile' | 'reviewPackageSave'>, OpenDialogOptions> = {
    openProject: { title: 'Open project', properties: ['openFile'], filters: [projectFilter] },
    reviewPackageOpen: { title: 'Import a returned review package', properties: ['openFile'], filters: [projectFilter] },
    videoFolder: { title: 'Import a folder of videos', properties: ['openDirectory'] },
    videoFiles: { title: 'Import videos', properties: ['openFile', 'multiSelections'], filters: [videoFilter, all] },
    benchmarkFile: { title: 'Import a benchmark file', properties: ['openFile'], filters: [benchmarkFilter, all] },
    mediaFolder: { title: 'Folder the file’s video paths are relative to', properties: ['openDirectory'] },
    localVideoFolder: { title: 'A folder of your own copies of team videos', properties: ['openDirectory'] },
  };
  const options = choices[kind];
  const result = window ? await dialog.showOpenDialog(window, options) : await dialog.showOpenDialog(options);
  return result.canceled ? [] : result.filePaths;
}

function registerProtocols(app: AppServices): void {
  protocol.handle(APP_SCHEME, (request) => {
    const relative = appFileFromUrl(request.url);
    const file = relative ? join(rendererDir, relative) : null;
    if (!file || !isPathInside(file, rendererDir) || !existsSync(file)) return new Response('Not found', { status: 404 });
    return new Response(readFileSync(file), {
      headers: { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream', 'Content-Security-Policy': csp, 'X-Content-Type-Options': 'nosniff' },
    });
  });
  protocol.handle(MEDIA_SCHEME, async (request) => {
    const route = mediaRouteFromUrl(request.url);
    if (!route) return new Response(null, { status: 404 });
    const answer = await answerMedia(app, route, request.headers.get('range'));
    const body = answer.body ? (Readable.toWeb(answer.body) as ReadableStream) : null;
    // CORS for our own page, so frames drawn to a canvas (identity thumbnails) stay readable
    return new Response(body, { status: answer.status, headers: { ...answer.headers, 'Access-Control-Allow-Origin': APP_ORIGIN } });
  });
}

const FROM_ELSEWHERE = { ok: false, error: { code: 'forbidden', message: 'Calls are accepted from the Tidemark window only.' } } as const;

/** Only our own page may call; a navigated-away or foreign frame gets nothing. */
const fromOurWindow = (event: IpcMainInvokeEvent): boolean => Boolean(event.senderFrame && isInternalNavigation(event.senderFrame.url));

function registerIpc(app: AppServices): void {
  const handlers = createHandlers();
  const signIn = new SignInService(app);
  // the desktop's one session: the window's person, who signs in and out through session:* (outside the contract)
  let desktop: Session = signIn.start();
  for (const method of apiMethods) {
    ipcMain.handle(`api:${method}`, (event, payload: unknown) => {
      if (!fromOurWindow(event)) return FROM_ELSEWHERE;
      // the window's calls run as its session's person, with the desktop's dialogs; nobody walks away from IPC
      return signIn.call(desktop, handlers, method, payload, NEVER_ABORTED, { pickPaths });
    });
  }
  ipcMain.handle('session:signIn', (event, payload: unknown) => (fromOurWindow(event) ? signIn.signIn(desktop, payload) : FROM_ELSEWHERE));
  ipcMain.handle('session:signOut', (event) => {
    if (!fromOurWindow(event)) return FROM_ELSEWHERE;
    signIn.signOut(desktop);
    desktop = signIn.start();
    return { ok: true, value: null };
  });
  ipcMain.handle('session:current', async (event) => (fromOurWindow(event) ? { ok: true, value: await signIn.current(desktop) } : FROM_ELSEWHERE));
}

/**
 * A team window plays the server's video from this computer when a local video folder holds the
 * same content: the server is asked for the video's fingerprint (a HEAD with the window's cookie,
 * so only a member learns it) and the local file answers with Range. Everything else, and a video
 * without a local copy, goes to the server unchanged. Only installed once folders are set: every
 * request of the window passes through here, and a window of someone without folders need not.
 */
function playLocalCopies(serverSession: Electron.Session, origin: string, copies: LocalCopies): void {
  const scheme = new URL(origin).protocol.slice(0, -1);
  if (serverSession.protocol.isProtocolHandled(scheme)) return;
  serverSession.protocol.handle(scheme, async (request) => {
    const toServer = (): Promise<Response> => serverSession.fetch(request, { bypassCustomProtocolHandlers: true });
    if (!isTeamVideoRequest(request.method, request.url, origin)) return toServer();
    let local: string | null = null;
    try {
      const head = await serverSession.fetch(request.url, { method: 'HEAD', credentials: 'include', bypassCustomProtocolHandlers: true });
      const fingerprint = fingerprintFromHead(head.status, head.headers.get(FINGERPRINT_HEADER));
      local = fingerprint === null ? null : await copies.find(fingerprint);
    } catch (error) {
      console.warn(`Tidemark: no local copy for ${request.url}:`, error);
    }
    const answer = local === null ? null : answerFile(local, request.headers.get('range'));
    if (!answer || answer.status === 404 || answer.status === 415) return toServer();
    const body = answer.body ? (Readable.toWeb(answer.body) as ReadableStream) : null;
    return new Response(body, { status: answer.status, headers: answer.headers });
  });
}

/** The open team server windows by the server's origin, and each one's origin by its page. */
const teamWindows = new Map<string, BrowserWindow>();
const teamOrigins = new WeakMap<WebContents, string>();

/**
 * Opens the server's sign-in page — or its page that was pasted, an invitation — in a window of its own
 * (or brings its open one forward, there): remote pages, so no preload, a sandbox, and a session of the
 * server's own that grants no permission. Answers why it did not open, or null; the password is typed
 * into the server's page, never here.
 */
async function openTeamWindow(origin: string, path: string): Promise<string | null> {
  const page = firstPage(origin, path);
  const open = teamWindows.get(origin);
  if (open && !open.isDestroyed()) {
    // an invitation (or a page) pasted for a server whose window is open: that window goes there
    if (page !== firstPage(origin, '/login?next=/')) void open.loadURL(page);
    open.focus();
    return null;
  }
  const partition = teamPartition(origin);
  const serverSession = session.fromPartition(partition);
  serverSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  serverSession.setPermissionCheckHandler(() => false);
  if (services && localCopies && services.settings.get().localVideoFolders.length > 0) playLocalCopies(serverSession, origin, localCopies);
  const window = new BrowserWindow({
    width: 1440,
    height: 900,
    minWidth: 960,
    minHeight: 600,
    title: `Tidemark — ${new URL(origin).host}`,
    backgroundColor: '#0f1419',
    show: false,
    webPreferences: { partition, ...LOCKED_DOWN },
  });
  teamWindows.set(origin, window);
  teamOrigins.set(window.webContents, origin);
  window.once('ready-to-show', () => window.show());
  window.once('closed', () => {
    if (teamWindows.get(origin) === window) teamWindows.delete(origin);
  });
  // a slow server shows its window as soon as it paints; closing it before the page loaded is no failure
  const closed = new Promise<null>((resolve) => window.once('closed', () => resolve(null)));
  const loaded = window.loadURL(page).then(
    () => null,
    (error: unknown) => loadFailure(origin, error),
  );
  const failure = await Promise.race([loaded, closed]);
  if (failure && !window.isDestroyed()) window.destroy();
  return failure;
}

/** The window is open either way: a list that could not be saved (a full disk) costs only the list. */
function rememberServer(recent: RecentTeamServersFile, origin: string): RecentTeamServer[] {
  try {
    return recent.remember(origin, new Date().toISOString());
  } catch (error) {
    console.warn(`Tidemark: the recent team servers were not saved to ${recent.path}:`, error);
    const read = recent.read();
    return read.ok ? read.servers : [];
  }
}

function registerTeamIpc(recent: RecentTeamServersFile): void {
  ipcMain.handle('team:connect', async (event, payload: unknown) => {
    if (!fromOurWindow(event)) return FROM_ELSEWHERE;
    const address = teamServerAddress.safeParse(payload);
    if (!address.success) {
      // the address rule's own reason reads as it is; any other issue (not a string at all) names the channel
      const issue = address.error.issues[0];
      const message = issue?.code === 'custom' ? issue.message : describeZodIssue('team:connect', address.error, [], 'address');
      return { ok: false, error: { code: 'invalid-request', message } };
    }
    const { origin, path } = address.data;
    const failure = await openTeamWindow(origin, path);
    if (failure) return { ok: false, error: { code: 'unavailable', message: failure } };
    return { ok: true, value: { url: origin, recent: rememberServer(recent, origin) } };
  });
  ipcMain.handle('team:recent', (event) => {
    if (!fromOurWindow(event)) return FROM_ELSEWHERE;
    const read = recent.read();
    return read.ok ? { ok: true, value: read.servers } : { ok: false, error: { code: 'failed', message: `The recent team servers could not be read: ${read.problem}` } };
  });
}

function createWindow(): BrowserWindow {
  const window = new BrowserWindow({
    width: 1440,
    height: 900,
    minWidth: 960,
    minHeight: 600,
    title: 'Tidemark',
    backgroundColor: '#0f1419',
    show: false,
    webPreferences: { preload: join(__dirname, 'preload.cjs'), ...LOCKED_DOWN },
  });
  window.once('ready-to-show', () => window.show());
  void window.loadURL(`${APP_ORIGIN}/index.html`);
  return window;
}

app.on('web-contents-created', (_event, contents) => {
  // a team server's window stays on its server's origin (looked up when it navigates: it is registered just after creation)
  const teamDecision = (url: string): ReturnType<typeof teamNavigation> | null => {
    const origin = teamOrigins.get(contents);
    return origin ? teamNavigation(url, origin) : null;
  };
  contents.on('will-navigate', (event, url) => {
    const team = teamDecision(url);
    if (team) {
      if (team !== 'stay') event.preventDefault();
      if (team === 'external') void shell.openExternal(url);
      return;
    }
    if (!isInternalNavigation(url)) {
      event.preventDefault();
      if (isAllowedExternalUrl(url)) void shell.openExternal(url);
    }
  });
  // a server may redirect within itself (/ → /login), never to another origin
  contents.on('will-redirect', (event, url) => {
    const team = teamDecision(url);
    if (team && team !== 'stay') event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    const team = teamDecision(url);
    // no second window: the server's own link opens in its window, another https one in the system browser
    if (team === 'stay') void contents.loadURL(url);
    else if (team === 'external') void shell.openExternal(url);
    else if (team === null && isAllowedExternalUrl(url)) void shell.openExternal(url);
    return { action: 'deny' };
  });
});

app.whenReady().then(() => {
  session.defaultSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.defaultSession.setPermissionCheckHandler(() => false);
  services = new AppServices({ dataDir: app.getPath('userData'), mode: 'desktop', version: app.getVersion(), keyStore: desktopKeyStore(app.getPath('userData')) });
  registerProtocols(services);
  registerIpc(services);
  const settings = services.settings;
  localCopies = new LocalCopies({ cachePath: join(app.getPath('userData'), 'local-copies.json'), folders: () => settings.get().localVideoFolders });
  registerTeamIpc(new RecentTeamServersFile(join(app.getPath('userData'), 'team-servers.json')));
  void services.startup();
  Menu.setApplicationMenu(
    Menu.buildFromTemplate([
      { role: 'fileMenu' },
      { role: 'editMenu' },
      { label: 'View', submenu: [{ role: 'reload' }, { role: 'toggleDevTools' }, { type: 'separator' }, { role: 'togglefullscreen' }] },
      { role: 'windowMenu' },
    ]),
  );
  createWindow();
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) createWindow();
  });
});

app.on('second-instance', () => BrowserWindow.getAllWindows()[0]?.focus());

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});

let quitting = false;
app.on('before-quit', (event) => {
  if (quitting || !services) return;
  quitting = true;
  event.preventDefault();
  void services.shutdown().finally(() => app.quit());
});

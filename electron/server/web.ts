// `npm run web` (and `npm start` without the Electron binary): Tidemark in the browser, served on
// 127.0.0.1 with a random access token in the printed URL.
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { AppServices } from '../services/app-services';
import { defaultDataDir } from '../services/data-dir';
import { createHandlers } from '../services/handlers';
import { startBrowserServer } from './http-server';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: process.env.TIDEMARK_PORT ?? '0' },
    'data-dir': { type: 'string' },
    token: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});

if (values.help) {
  console.log(`Usage: npm run web -- [--port N] [--data-dir DIR]

Serves Tidemark on http://127.0.0.1:PORT/?token=… (PORT 0 picks a free port).
--data-dir   where settings, recent projects and the demo project live
             (default: ${defaultDataDir()}; also TIDEMARK_DATA_DIR)`);
  process.exit(0);
}

const here = dirname(fileURLToPath(import.meta.url));
const dataDir = values['data-dir'] ? resolve(values['data-dir']) : defaultDataDir();
const app = new AppServices({ dataDir, mode: 'browser', version: process.env.TIDEMARK_VERSION ?? 'dev' });
const handlers = createHandlers();
const server = await startBrowserServer({
  app,
  handlers,
  staticDir: join(here, '..', 'renderer'),
  port: Number(values.port),
  token: values.token ?? process.env.TIDEMARK_TOKEN,
});
await app.startup();
console.log(`Tidemark (browser mode) is running. Data folder: ${dataDir}`);
console.log(`Open: ${server.url}`);

let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  await server.close();
  await app.shutdown();
  process.exit(0);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());

import { homedir } from 'node:os';
import { join } from 'node:path';

/**
 * Where Tidemark keeps settings, recent projects and the demo project: Electron's userData folder
 * for the app name, computed the same way in browser mode. TIDEMARK_DATA_DIR overrides it.
 */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env, platform = process.platform): string {
  if (env.TIDEMARK_DATA_DIR) return env.TIDEMARK_DATA_DIR;
  if (platform === 'win32') return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), 'Tidemark');
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'Tidemark');
  return join(env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), 'Tidemark');
}

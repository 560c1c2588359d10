// What `npm start` and the `tidemark` command check before they do anything, and how they end when a
// child process of theirs ends. Plain JavaScript with nothing but Node built-ins, so that an old Node
// can load it and be told it is too old (scripts/runtime-checks.test.ts tests it).
import { constants } from 'node:os';

/** The oldest Node.js Tidemark runs on (package.json `engines`, `.nvmrc`). */
export const REQUIRED_NODE = '22.12';

/**
 * Null when this Node.js will do; otherwise what to tell the person: the version they have and what
 * to install. (On an older Node `npm install` only warns, and the server later crashes in
 * better-sqlite3 with SIGSEGV — so this is checked first, before anything is built or started.)
 */
export function nodeVersionProblem(version, execPath) {
  const match = /^v?(\d+)\.(\d+)\.(\d+)/.exec(version);
  const [major, minor] = REQUIRED_NODE.split('.').map(Number);
  if (match && (Number(match[1]) > major || (Number(match[1]) === major && Number(match[2]) >= minor))) return null;
  return [
    `[tidemark] Tidemark needs Node.js ${REQUIRED_NODE} or newer; this is Node.js ${version} (${execPath}).`,
    `[tidemark] Install Node.js 22: with nvm, \`nvm install 22\` and \`nvm use 22\` in this folder (its .nvmrc names 22), or the LTS installer from https://nodejs.org.`,
    '[tidemark] Then run the command again.',
  ].join('\n');
}

/**
 * The exit code to end with when a child process ended with `code` or was killed by `signal` (as
 * Node's 'exit' event and spawnSync report them), and the line to print, if any. A child killed by
 * a signal is a failure (128 + the signal's number, as a shell reports it), never 0; its cause is
 * said unless it is the signal this process passed on to stop it (Ctrl-C).
 */
export function childExit(code, signal, what, forwarded = null) {
  if (signal === null || signal === undefined) return { code: code ?? 1, message: code === null || code === undefined ? `[tidemark] The ${what} ended without an exit code.` : null };
  const exitCode = 128 + (constants.signals[signal] ?? 0);
  if (signal === forwarded) return { code: exitCode, message: null };
  const crashed = ['SIGSEGV', 'SIGBUS', 'SIGILL', 'SIGFPE', 'SIGABRT'].includes(signal);
  return {
    code: exitCode,
    message: `[tidemark] The ${what} died with ${signal} (exit ${exitCode})${crashed ? ': it crashed in native code' : ''}.`,
  };
}

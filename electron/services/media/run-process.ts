import { spawn } from 'node:child_process';

interface ProcessOutput {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs a program to completion (no shell), collecting output. An abort kills it and rejects with
 * an AbortError; `onStdoutLine` sees output as it arrives (ffmpeg's -progress lines).
 */
export function runProcess(command: string, args: readonly string[], options: { signal?: AbortSignal; onStdoutLine?: (line: string) => void; maxOutput?: number } = {}): Promise<ProcessOutput> {
  const maxOutput = options.maxOutput ?? 8 * 1024 * 1024;
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { signal: options.signal, stdio: ['ignore', 'pipe', 'pipe'], windowsHide: true });
    let stdout = '';
    let stderr = '';
    let pending = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      if (stdout.length < maxOutput) stdout += chunk;
      if (options.onStdoutLine) {
        pending += chunk;
        const lines = pending.split('\n');
        pending = lines.pop() ?? '';
        for (const line of lines) options.onStdoutLine(line);
      }
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      if (stderr.length < maxOutput) stderr += chunk;
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      if (error.name === 'AbortError') reject(error);
      else if (error.code === 'ENOENT') reject(new Error(`${command} was not found. Check the ffmpeg setting (bundled or system).`));
      else reject(error);
    });
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

export function isAbortError(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

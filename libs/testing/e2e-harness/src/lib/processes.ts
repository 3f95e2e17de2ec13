import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const workspaceRoot = path.resolve(__dirname, '../../../../..');

/** Asks the kernel for a free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** A port held by a listening socket until `release`, so that no other process on the machine takes it meanwhile. */
export interface ReservedPort {
  port: number;
  release(): Promise<void>;
}

/**
 * Reserves a free TCP port on 127.0.0.1 for a server started later: between `freePort` and the server's start, another
 * process (a parallel suite's fixture server asking for any port) may be given the same one, and a server started with
 * a strict port then exits while the other answers in its place. Release it right before starting the server.
 */
export function reservePort(): Promise<ReservedPort> {
  return new Promise((resolve, reject) => {
    const server = net.createServer((socket) => socket.destroy());
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      let released: Promise<void> | null = null;
      resolve({ port, release: () => (released ??= new Promise<void>((done) => server.close(() => done()))) });
    });
  });
}

/** Polls a URL until it answers (any HTTP status) or the deadline passes. */
export async function waitForHttp(url: string, timeoutMs = 60_000, child?: ManagedProcess): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    if (child?.exited) throw new Error(`${child.name} exited before ${url} answered:\n${child.output()}`);
    try {
      const res = await fetch(url, { redirect: 'manual' });
      await res.arrayBuffer();
      return;
    } catch (error) {
      lastError = error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms: ${String(lastError)}${child ? `\n${child.output()}` : ''}`);
}

export interface ManagedProcess {
  name: string;
  child: ChildProcess;
  exited: boolean;
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** Spawns a child process whose output is kept (last 200 lines) for error messages. */
export function startProcess(name: string, command: string, args: string[], env: Record<string, string | undefined> = {}): ManagedProcess {
  const child = spawn(command, args, {
    cwd: workspaceRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString().split('\n'));
    if (lines.length > 200) lines.splice(0, lines.length - 200);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const managed: ManagedProcess = {
    name,
    child,
    exited: false,
    output: () => lines.join('\n'),
    stop: (signal = 'SIGTERM') =>
      new Promise<void>((resolve) => {
        if (managed.exited) return resolve();
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.kill(signal);
      }),
  };
  child.once('exit', () => {
    managed.exited = true;
  });
  return managed;
}

export function tempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

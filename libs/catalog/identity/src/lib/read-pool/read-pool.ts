/**
 * Product pages are read off the event loop, in a small pool of worker threads (node:worker_threads): a 5 MB or
 * pathological page keeps one thread busy, never the process's own loop, so other requests are answered meanwhile.
 * - size: at most `size` threads (default min(2, cores)); pages beyond them wait in a queue of at most `maxQueued`;
 * - bytes: a page larger than `maxBytes` is refused before it is sent;
 * - time: a page whose thread has spent `timeoutMs` of CPU time on it is given up (PageReadTimeoutError), its thread
 *   stopped and replaced, so only that page's work is lost; the pages after it are read by the new thread. The cap
 *   counts the thread's own CPU time (Linux, /proc), so a machine busy with other work does not turn a real page into
 *   "took too long"; a thread starved of CPU still gives its page up after `maxClockMs` on the clock. Where a thread's
 *   CPU time cannot be read, the cap is on the clock;
 * - memory: each thread has a heap limit (`maxHeapMb`); a thread that dies fails its page and is replaced.
 * Idle threads do not keep the process alive; `close()` stops them all (the API's onClose, the feed worker's stop).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import type { ExtractOptions } from '../page-identity';
import type { PageItem } from '../reader/item';
import { PageReadBusyError, PageReadFailedError, PageReadPoolClosedError, PageReadTimeoutError, PageReadTooLargeError } from './errors';
import type { ReadAnswer, ReadRequest } from './protocol';

export interface PageReadPoolOptions {
  /** Threads at most (default min(2, available cores)). */
  size?: number;
  /** A page's reading time at most, in milliseconds (default PAGE_READ_TIMEOUT_MS). */
  timeoutMs?: number;
  /** A page's size at most, in UTF-8 bytes (default 6 MiB). */
  maxBytes?: number;
  /** Pages waiting for a thread at most (default 200). */
  maxQueued?: number;
  /** Each thread's heap limit in MB (default 512). */
  maxHeapMb?: number;
  /** A page's time on the clock at most, however little CPU its thread gets (default `WALL_CAP_FACTOR` × timeoutMs). */
  maxClockMs?: number;
  /** The CPU time a reading thread has spent, in ms, or null where it cannot be read (default: read from /proc). */
  threadCpuMs?: (tid: number | undefined) => number | null;
}

export interface PageReadPool {
  /** The item a page names (as `extractProductIdentity`), read in one of the pool's threads. */
  read(html: string, options?: ExtractOptions): Promise<PageItem | null>;
  /** Stops every thread; pages not yet read fail with PageReadPoolClosedError. */
  close(): Promise<void>;
  /** Threads at most. */
  readonly size: number;
}

/**
 * A page its thread has spent this much CPU time on is given up and the thread replaced. Reading is off the event
 * loop, so the cap only frees a thread: it is set far above what real pages take (p99 about 1.5 s on a loaded two-core
 * machine, `npm run eval:extraction -- --section page-metric`).
 */
export const PAGE_READ_TIMEOUT_MS = 10_000;
export const PAGE_READ_MAX_BYTES = 6 * 1024 * 1024;
/** A page is given up after this many times its cap on the clock, whatever CPU time its thread was given. */
export const WALL_CAP_FACTOR = 6;
/** When the clock reaches the cap before the CPU time does, the CPU time is looked at again after at least this long. */
const RECHECK_MS = 50;

interface Job {
  request: ReadRequest;
  resolve: (item: PageItem | null) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  /** The thread's kernel id, when it gave one: its CPU time is read through it. */
  tid?: number;
  job: Job | null;
  timer: NodeJS.Timeout | null;
  /** When the thread was sent its page: the clock, and its CPU time then (null where that cannot be read). */
  jobStartedAt: number;
  jobCpuAtStart: number | null;
}

const WORKER_NAME = 'page-read-worker';

/**
 * The thread's code: the built `page-read-worker.js` beside the bundle (an esbuild entry point of apps/api and
 * apps/worker), or else, from the sources (tsx, Jest), `page-read-worker.ts` through tsx's require hook, which
 * resolves the workspace's import aliases through the tsconfig it is pointed at.
 */
function startThread(maxHeapMb: number): Worker {
  const resourceLimits = { maxOldGenerationSizeMb: maxHeapMb };
  const built = path.join(__dirname, `${WORKER_NAME}.js`);
  if (fs.existsSync(built)) return new Worker(built, { resourceLimits });
  const env: NodeJS.ProcessEnv = { ...process.env };
  env['TSX_TSCONFIG_PATH'] ??= nearestFile(__dirname, 'tsconfig.base.json');
  return new Worker(path.join(__dirname, `${WORKER_NAME}.ts`), { resourceLimits, env, execArgv: ['--require', require.resolve('tsx/cjs')] });
}

/** The CPU time a thread of this process has spent, in milliseconds (Linux: /proc/self/task/<tid>/stat), or null. */
export function threadCpuMs(tid: number | undefined): number | null {
  if (!tid) return null;
  try {
    const stat = fs.readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    // The fields after the thread's name (in brackets, which may hold spaces) start at the state; utime and stime
    // are the 12th and 13th of them, in clock ticks of 1/100 s.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? ticks * 10 : null;
  } catch {
    return null;
  }
}

function nearestFile(dir: string, name: string): string | undefined {
  for (let at = path.resolve(dir); ; at = path.dirname(at)) {
    if (fs.existsSync(path.join(at, name))) return path.join(at, name);
    if (path.dirname(at) === at) return undefined;
  }
}

/** The threads, the pages waiting for one, and each thread's page with its time cap. */
class ReadPool implements PageReadPool {
  readonly size: number;
  private readonly timeoutMs: number;
  private readonly maxBytes: number;
  private readonly maxQueued: number;
  private readonly maxHeapMb: number;
  private readonly maxClockMs: number;
  private readonly threadCpuMs: (tid: number | undefined) => number | null;
  private readonly slots = new Set<Slot>();
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;

  constructor(options: PageReadPoolOptions) {
    this.size = Math.max(1, options.size ?? Math.min(2, os.availableParallelism()));
    this.timeoutMs = options.timeoutMs ?? PAGE_READ_TIMEOUT_MS;
    this.maxBytes = options.maxBytes ?? PAGE_READ_MAX_BYTES;
    this.maxQueued = options.maxQueued ?? 200;
    this.maxHeapMb = options.maxHeapMb ?? 512;
    this.maxClockMs = options.maxClockMs ?? this.timeoutMs * WALL_CAP_FACTOR;
    this.threadCpuMs = options.threadCpuMs ?? threadCpuMs;
  }

  read(html: string, readOptions: ExtractOptions = {}): Promise<PageItem | null> {
    if (this.closed) return Promise.reject(new PageReadPoolClosedError());
    if (typeof html !== 'string') return Promise.reject(new TypeError('html must be a string'));
    const bytes = Buffer.byteLength(html);
    if (bytes > this.maxBytes) return Promise.reject(new PageReadTooLargeError(bytes, this.maxBytes));
    if (this.queue.length >= this.maxQueued) return Promise.reject(new PageReadBusyError(this.maxQueued));
    while (this.slots.size < this.size) this.spawn();
    return new Promise((resolve, reject) => {
      const request: ReadRequest = { id: this.nextId++, html, ...(readOptions.url ? { url: readOptions.url } : {}) };
      this.queue.push({ request, resolve, reject });
      this.pump();
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const error = new PageReadPoolClosedError();
    this.queue.splice(0).forEach((job) => job.reject(error));
    const workers = [...this.slots].map((slot) => slot.worker);
    for (const slot of [...this.slots]) this.retire(slot, error);
    await Promise.all(workers.map((worker) => worker.terminate()));
  }

  private finish(slot: Slot): Job | null {
    const job = slot.job;
    if (slot.timer) clearTimeout(slot.timer);
    slot.job = null;
    slot.timer = null;
    slot.worker.unref();
    return job;
  }

  /** Stops a thread (its page given up, or the thread died) and starts another in its place. */
  private retire(slot: Slot, error: Error): void {
    if (!this.slots.delete(slot)) return;
    this.finish(slot)?.reject(error);
    slot.worker.removeAllListeners();
    slot.worker.on('error', () => undefined);
    void slot.worker.terminate();
    if (this.closed) return;
    if (slot.ready) this.spawn();
    // A thread that died before it was ready would die again: the pages waiting fail now, and the next page sent
    // starts a new thread.
    else if (this.slots.size === 0) this.queue.splice(0).forEach((job) => job.reject(error));
  }

  private onAnswer(slot: Slot, answer: ReadAnswer): void {
    if ('ready' in answer) {
      slot.ready = true;
      slot.tid = answer.tid;
    } else if (slot.job && answer.id === slot.job.request.id) {
      const job = this.finish(slot);
      if ('error' in answer) job?.reject(new PageReadFailedError(answer.error));
      else job?.resolve(answer.item);
    }
    this.pump();
  }

  private spawn(): void {
    const worker = startThread(this.maxHeapMb);
    const slot: Slot = { worker, ready: false, job: null, timer: null, jobStartedAt: 0, jobCpuAtStart: null };
    this.slots.add(slot);
    slot.worker.unref();
    slot.worker.on('message', (answer: ReadAnswer) => this.onAnswer(slot, answer));
    slot.worker.on('error', (error) => this.retire(slot, new PageReadFailedError(error.message)));
    slot.worker.on('exit', (code) => this.retire(slot, new PageReadFailedError(`its thread stopped (exit code ${code})`)));
  }

  private pump(): void {
    for (const slot of this.slots) {
      if (!slot.ready || slot.job) continue;
      const job = this.queue.shift();
      if (!job) return;
      slot.job = job;
      // A page being read keeps the process alive until it is answered; an idle thread does not.
      slot.worker.ref();
      slot.jobStartedAt = performance.now();
      slot.jobCpuAtStart = this.threadCpuMs(slot.tid);
      slot.timer = setTimeout(() => this.onTimeUp(slot), this.timeoutMs);
      slot.worker.postMessage(job.request);
    }
  }

  /**
   * The cap has passed on the clock: the page is given up if its thread has spent the cap in CPU time on it, or the
   * clock has reached `maxClockMs`; otherwise it is looked at again when the rest of the CPU time could be spent.
   */
  private onTimeUp(slot: Slot): void {
    const atStart = slot.jobCpuAtStart;
    const now = atStart === null ? null : this.threadCpuMs(slot.tid);
    const spent = atStart === null || now === null ? null : now - atStart;
    const onClock = performance.now() - slot.jobStartedAt;
    const clockLeft = this.maxClockMs - onClock;
    if (spent === null || spent >= this.timeoutMs || clockLeft <= 0) {
      this.retire(slot, new PageReadTimeoutError(this.timeoutMs));
      return;
    }
    const cpuLeft = Math.max(this.timeoutMs - spent, RECHECK_MS);
    slot.timer = setTimeout(() => this.onTimeUp(slot), Math.min(cpuLeft, clockLeft));
  }
}

export function createPageReadPool(options: PageReadPoolOptions = {}): PageReadPool {
  return new ReadPool(options);
}

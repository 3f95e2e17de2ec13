import { performance } from 'node:perf_hooks';
import { readProductPageFixture } from '../../testing';
import { extractProductIdentity } from '../page-identity';
import { PageReadPoolClosedError, PageReadTimeoutError, PageReadTooLargeError } from './errors';
import { createPageReadPool, threadCpuMs, type PageReadPool } from './read-pool';

/** A page nested ever deeper (`<div><b><i>` repeated): reading it takes time that grows with the square of its depth (minutes at 400 KB). */
function nestedPage(kb: number): string {
  const unit = '<div><b><i>';
  return readProductPageFixture('walmart-product').replace('</body>', `${unit.repeat(Math.floor((kb * 1024) / unit.length))}</body>`);
}

/** A real page padded with 1 MB of markup: a quarter of a second of reading on a quiet machine. */
function heavyPage(): string {
  const tile = '<div class="tile"><span>Lorem ipsum 12.99 in stock</span><a href="/p/1">more</a></div>\n';
  return readProductPageFixture('walmart-product').replace('</body>', `${tile.repeat(12_000)}</body>`);
}

describe('page-reading pool', () => {
  // Threads load the reader through tsx before their first page (a second or two on a busy machine).
  jest.setTimeout(30_000);
  let pool: PageReadPool | null = null;
  afterEach(async () => {
    await pool?.close();
    pool = null;
  });

  it('reads a page in a thread as the reader does in this one', async () => {
    pool = createPageReadPool({ size: 1 });
    const html = readProductPageFixture('walmart-product');
    const url = 'https://www.walmart.com/ip/1752657021';
    expect(await pool.read(html, { url })).toEqual(extractProductIdentity(html, { url }));
    expect(await pool.read('<html><body>nothing here</body></html>')).toBeNull();
  });

  it('cuts a pathological page off at the time cap, and reads the page sent after it', async () => {
    pool = createPageReadPool({ size: 1, timeoutMs: 1000 });
    const normal = readProductPageFixture('walmart-product');
    // The thread is loaded (its first page) before the clock counts.
    expect((await pool.read(normal))?.gtin).toBe('00194253939153');
    const started = performance.now();
    const stuck = pool.read(nestedPage(400));
    const after = pool.read(normal);
    await expect(stuck).rejects.toBeInstanceOf(PageReadTimeoutError);
    await expect(stuck).rejects.toThrow('page took too long to read');
    // Not before the cap (the page alone takes minutes: it was cut off, not read).
    expect(performance.now() - started).toBeGreaterThanOrEqual(990);
    expect((await after)?.gtin).toBe('00194253939153');
    // And the pages after that, on the thread that replaced the stopped one.
    expect((await pool.read(normal))?.gtin).toBe('00194253939153');
  });

  it('counts the cap in its thread’s CPU time: a page that outlasts the cap on the clock, its thread given little CPU, is read', async () => {
    // A thread that seems to get no CPU at all: the cap never runs out, however long the page takes on the clock.
    pool = createPageReadPool({ size: 1, timeoutMs: 20, maxClockMs: 60_000, threadCpuMs: () => 0 });
    expect((await pool.read(readProductPageFixture('walmart-product')))?.gtin).toBe('00194253939153');
    const started = performance.now();
    expect((await pool.read(heavyPage()))?.gtin).toBe('00194253939153');
    expect(performance.now() - started).toBeGreaterThan(20);
  });

  it('gives a page up on the clock at maxClockMs when its thread gets no CPU', async () => {
    // No page is read first: on a busy machine even a plain one could outlast this clock's limit.
    pool = createPageReadPool({ size: 1, timeoutMs: 100, maxClockMs: 1000, threadCpuMs: () => 0 });
    const started = performance.now();
    await expect(pool.read(nestedPage(400))).rejects.toBeInstanceOf(PageReadTimeoutError);
    expect(performance.now() - started).toBeGreaterThanOrEqual(990);
  });

  it('reads a thread’s CPU time from the kernel', () => {
    // The test's own thread (its kernel id is the process's) spends 200 ms of CPU, as Node counts it (however long that
    // takes on the clock of a busy machine); the kernel's figure, in ticks of 10 ms, agrees.
    const before = threadCpuMs(process.pid);
    expect(before).not.toBeNull();
    const started = process.threadCpuUsage();
    const spentMs = () => {
      const spent = process.threadCpuUsage(started);
      return (spent.user + spent.system) / 1000;
    };
    while (spentMs() < 200);
    const counted = (threadCpuMs(process.pid) ?? 0) - (before ?? 0);
    expect(counted).toBeGreaterThanOrEqual(170);
    expect(counted).toBeLessThanOrEqual(spentMs() + 30);
    expect(threadCpuMs(undefined)).toBeNull();
    expect(threadCpuMs(2 ** 31 - 1)).toBeNull();
  });

  it('keeps reading other pages on its other thread while one is stuck', async () => {
    // A cap far beyond the reads below, however busy the machine: the stuck page is still being read when they end.
    pool = createPageReadPool({ size: 2, timeoutMs: 60_000 });
    const normal = readProductPageFixture('walmart-product');
    await Promise.all([pool.read(normal), pool.read(normal)]);
    let stuckEnded = false;
    const stuck = pool.read(nestedPage(400)).catch((error: unknown) => error).finally(() => (stuckEnded = true));
    for (let i = 0; i < 3; i++) expect((await pool.read(normal))?.gtin).toBe('00194253939153');
    expect(stuckEnded).toBe(false);
    await pool.close();
    expect(await stuck).toBeInstanceOf(PageReadPoolClosedError);
  });

  it('refuses a page past its byte cap without sending it', async () => {
    pool = createPageReadPool({ size: 1, maxBytes: 1024 });
    await expect(pool.read('x'.repeat(2048))).rejects.toBeInstanceOf(PageReadTooLargeError);
    await expect(pool.read('é'.repeat(600))).rejects.toThrow('page is too large to read (1200 bytes, at most 1024)');
  });

  it('fails the pages it has not read when it closes, and reads none after', async () => {
    pool = createPageReadPool({ size: 1, timeoutMs: 10_000 });
    const stuck = pool.read(nestedPage(400)).catch((error: unknown) => error);
    const waiting = pool.read(readProductPageFixture('walmart-product')).catch((error: unknown) => error);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await pool.close();
    expect(await stuck).toBeInstanceOf(PageReadPoolClosedError);
    expect(await waiting).toBeInstanceOf(PageReadPoolClosedError);
    await expect(pool.read('<html></html>')).rejects.toBeInstanceOf(PageReadPoolClosedError);
  });
});

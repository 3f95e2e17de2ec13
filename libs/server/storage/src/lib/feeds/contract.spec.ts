import { createPgFeedSourceRepository, createSqliteFeedSourceRepository, type FeedRunEnd, type FeedSourceRepository, type NewFeedSource } from '../../index';
import { ENGINES, openPortEngine, type EngineConnection, type EngineName, type PortEngine } from '../../testing/port-engines';

// Feed sources and their runs are also the workers' queue: these cases run on both engines, and the claims race on
// two connections to the same database, as two workers do.

interface Subject {
  db: PortEngine;
  repo: FeedSourceRepository;
  /** The port on another connection to the same database, as another worker has it. */
  another(): Promise<FeedSourceRepository>;
}

const port = (connection: EngineConnection): FeedSourceRepository =>
  connection.engine === 'sqlite' ? createSqliteFeedSourceRepository(connection.handle) : createPgFeedSourceRepository(connection.handle);

async function open(engine: EngineName): Promise<Subject> {
  const db = await openPortEngine(engine);
  return { db, repo: port(db), another: async () => port(await db.connect()) };
}

const at = (minute: number) => new Date(Date.UTC(2026, 10, 23, 10, minute, 0, 0)).toISOString();

const source = (id: string, nextRunMinute: number, overrides: Partial<NewFeedSource> = {}): NewFeedSource => ({
  id,
  url: `http://127.0.0.1:9/${id}.tsv`,
  format: 'gmc-tsv',
  retailerId: `retailer-${id}`,
  retailerName: `Retailer ${id}`,
  businessId: null,
  intervalMinutes: 60,
  nextRunAt: at(nextRunMinute),
  ...overrides,
});

const succeeded = (minute: number, validators: FeedRunEnd['validators'] = { etag: '"v1"', lastModified: null }): FeedRunEnd => ({
  status: 'succeeded',
  finishedAt: at(minute),
  counts: { rowsRead: 3, added: 2, changed: 1, unchanged: 0, gone: 0, rejected: 0 },
  error: null,
  importRunId: 'import-1',
  validators,
  nextRunAt: at(minute + 60),
});

describe.each(ENGINES)('feed sources on %s', (engine) => {
  let s: Subject;
  beforeEach(async () => {
    s = await open(engine);
  });
  afterEach(async () => {
    await s.db.close();
  });

  it('keeps a source as created, changes what an admin changes, and deletes it with its runs', async () => {
    const created = await s.repo.create(source('a', 0, { businessId: 'biz-1' }), at(0));
    expect(created).toEqual({
      id: 'a',
      url: 'http://127.0.0.1:9/a.tsv',
      format: 'gmc-tsv',
      retailerId: 'retailer-a',
      retailerName: 'Retailer a',
      businessId: 'biz-1',
      intervalMinutes: 60,
      status: 'active',
      nextRunAt: at(0),
      etag: null,
      lastModified: null,
      failures: 0,
      leaseOwner: null,
      leaseUntil: null,
      createdAt: at(0),
      updatedAt: at(0),
    });
    await s.repo.create(source('b', 0), at(1));
    // One source per retailer: a second one for the same retailer is not written.
    expect(await s.repo.create(source('c', 0, { retailerId: 'retailer-a' }), at(1))).toBeNull();
    expect((await s.repo.list()).map((x) => x.id)).toEqual(['a', 'b']);
    expect((await s.repo.list('biz-1')).map((x) => x.id)).toEqual(['a']);

    const paused = await s.repo.update('a', { status: 'paused', intervalMinutes: 15 }, at(2));
    expect(paused).toMatchObject({ status: 'paused', intervalMinutes: 15, nextRunAt: at(0), updatedAt: at(2) });
    expect(await s.repo.update('missing', { status: 'paused' }, at(2))).toBeNull();

    await s.repo.claimDue('w', at(5), at(10), 'run-b');
    expect(await s.repo.delete('b')).toBe(true);
    expect(await s.repo.delete('b')).toBe(false);
    expect(await s.repo.runs('b', 10)).toEqual([]);
    expect(await s.repo.get('b')).toBeNull();
  });

  it('hands the source due longest to one worker, never a paused one, and none before it is due', async () => {
    await s.repo.create(source('later', 20), at(0));
    await s.repo.create(source('first', 3), at(0));
    await s.repo.create(source('paused', 1), at(0));
    await s.repo.update('paused', { status: 'paused' }, at(0));

    expect(await s.repo.claimDue('w1', at(2), at(12), 'r0')).toBeNull();
    const claimed = await s.repo.claimDue('w1', at(5), at(15), 'r1');
    expect(claimed?.source).toMatchObject({ id: 'first', leaseOwner: 'w1', leaseUntil: at(15) });
    expect(claimed?.run).toMatchObject({ id: 'r1', sourceId: 'first', status: 'running', startedAt: at(5), finishedAt: null });
    // Leased: not handed out again, and nothing else is due.
    expect(await s.repo.claimDue('w2', at(6), at(16), 'r2')).toBeNull();
  });

  it('gives a due source to exactly one of two workers asking at once', async () => {
    await s.repo.create(source('only', 0), at(0));
    const other = await s.another();
    const claims = await Promise.all([s.repo.claimDue('w1', at(5), at(15), 'r1'), other.claimDue('w2', at(5), at(15), 'r2')]);
    expect(claims.filter((claim) => claim !== null)).toHaveLength(1);
    expect(await s.repo.runs('only', 10)).toHaveLength(1);
  });

  it('lets another worker take a source whose lease ran out, and marks the killed worker’s run failed', async () => {
    await s.repo.create(source('feed', 0), at(0));
    await s.repo.claimDue('killed', at(1), at(6), 'r1');
    expect(await s.repo.renewLease('feed', 'killed', at(8))).toBe(true);
    expect(await s.repo.claimDue('w2', at(7), at(17), 'r2')).toBeNull();
    const taken = await s.repo.claimDue('w2', at(9), at(19), 'r2');
    expect(taken?.source.leaseOwner).toBe('w2');
    const [latest, interrupted] = await s.repo.runs('feed', 10);
    expect(latest).toMatchObject({ id: 'r2', status: 'running' });
    expect(interrupted).toMatchObject({ id: 'r1', status: 'failed', finishedAt: at(9), error: 'interrupted: its worker stopped before the end' });
    // The killed worker, come back, owns nothing any more.
    expect(await s.repo.renewLease('feed', 'killed', at(20))).toBe(false);
    expect(await s.repo.finishRun('feed', 'killed', 'r1', succeeded(10))).toBe(false);
  });

  it('ends a run: the counts on the run, the validators and the next time on the source, failures counted in a row', async () => {
    await s.repo.create(source('feed', 0), at(0));
    await s.repo.claimDue('w', at(1), at(11), 'r1');
    expect(await s.repo.finishRun('feed', 'w', 'r1', succeeded(2))).toBe(true);
    expect(await s.repo.get('feed')).toMatchObject({ leaseOwner: null, leaseUntil: null, nextRunAt: at(62), etag: '"v1"', lastModified: null, failures: 0 });
    expect((await s.repo.runs('feed', 1))[0]).toEqual({
      id: 'r1',
      sourceId: 'feed',
      status: 'succeeded',
      startedAt: at(1),
      finishedAt: at(2),
      rowsRead: 3,
      added: 2,
      changed: 1,
      unchanged: 0,
      gone: 0,
      rejected: 0,
      error: null,
      importRunId: 'import-1',
    });

    for (const [n, runId] of ['r2', 'r3'].entries()) {
      await s.repo.claimDue('w', at(62 + n * 10), at(70 + n * 10), runId);
      const failed: FeedRunEnd = { ...succeeded(63 + n * 10, null), status: 'failed', error: 'HTTP 500', importRunId: null, nextRunAt: at(64 + n * 10) };
      expect(await s.repo.finishRun('feed', 'w', runId, failed)).toBe(true);
    }
    // A failed run keeps the last good validators.
    expect(await s.repo.get('feed')).toMatchObject({ failures: 2, etag: '"v1"', nextRunAt: at(74) });
    expect((await s.repo.runs('feed', 3)).map((run) => [run.id, run.status, run.error])).toEqual([
      ['r3', 'failed', 'HTTP 500'],
      ['r2', 'failed', 'HTTP 500'],
      ['r1', 'succeeded', null],
    ]);
  });

  it('records a run made outside the queue as it ended, leaving the schedule and the lease alone', async () => {
    await s.repo.create(source('store', 30, { format: 'shopify', businessId: 'biz-1' }), at(0));
    await s.repo.claimDue('w', at(31), at(41), 'queued');
    const synced = { id: 'sync-1', status: 'succeeded' as const, startedAt: at(32), finishedAt: at(33), rowsRead: 5, added: 4, changed: 1, unchanged: 0, gone: 0, rejected: 0, error: null };
    expect(await s.repo.recordRun('store', synced)).toBe(true);
    expect((await s.repo.runs('store', 2))[0]).toEqual({ ...synced, sourceId: 'store', importRunId: null });
    // A run told twice (its teller stopped before noting it told) is recorded once, as first told.
    expect(await s.repo.recordRun('store', { ...synced, added: 0 })).toBe(false);
    expect((await s.repo.runs('store', 5)).filter((run) => run.id === 'sync-1')).toEqual([{ ...synced, sourceId: 'store', importRunId: null }]);
    expect(await s.repo.get('store')).toMatchObject({ nextRunAt: at(30), leaseOwner: 'w', leaseUntil: at(41), failures: 0 });
    // The worker's own run still ends as usual beside it.
    expect(await s.repo.finishRun('store', 'w', 'queued', succeeded(34))).toBe(true);
    expect((await s.repo.runs('store', 3)).map((run) => [run.id, run.status])).toEqual([
      ['sync-1', 'succeeded'],
      ['queued', 'succeeded'],
    ]);

    const failed = { ...synced, id: 'sync-2', status: 'failed' as const, startedAt: at(50), finishedAt: at(51), rowsRead: 0, added: 0, changed: 0, error: 'HTTP 503' };
    expect(await s.repo.recordRun('store', failed)).toBe(true);
    expect((await s.repo.runs('store', 1))[0]).toMatchObject({ id: 'sync-2', status: 'failed', error: 'HTTP 503', finishedAt: at(51) });
    // A run is failed by itself: the source's count of failures in a row is the workers'.
    expect((await s.repo.get('store'))?.failures).toBe(0);

    expect(await s.repo.delete('store')).toBe(true);
    expect(await s.repo.recordRun('store', { ...synced, id: 'sync-3' })).toBe(false);
    expect(await s.repo.runs('store', 5)).toEqual([]);
  });
});

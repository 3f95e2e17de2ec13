import { FEED_RETAILER, feedRows, startFeedRun, type FeedRunProcess } from './testing/feed-run';
import { buildTestApp, type TestApp } from './testing/test-app';

/**
 * Crash test on the run's engine: a feed worker's refresh and an admin's upload, each in a process of its own, are
 * killed with SIGKILL once they have decided the first batch of their rows (250 of 1,000, so that the batches before the
 * end are several, as in a real feed's run). A run becomes visible all at once or not at all: the catalog holds what it
 * held before, a smaller legitimate feed is not refused because of offers the killed run left behind, and the next run
 * applies the whole feed.
 */
const FEED_ROWS = 1000;
const BATCH = 250;
const BEFORE = 40;
/** A process of its own starts, decides a batch and dies, then the whole feed is applied: minutes on a loaded machine. */
const CRASH_TEST_MS = 180_000;

describe('a feed run killed mid-way', () => {
  let t: TestApp;
  let run: FeedRunProcess | null = null;

  beforeEach(async () => {
    t = await buildTestApp();
  });
  afterEach(async () => {
    if (run && run.child.exitCode === null && run.child.signalCode === null) {
      run.child.kill('SIGKILL');
      await run.exited();
    }
    run = null;
    await t.close();
  });

  const offers = () => t.app.storage.catalog.countOffers();
  const refresh = (count: number) =>
    t.app.catalog.refresh(feedRows(count), { format: 'gmc', source: 'test', retailer: FEED_RETAILER, expectedRows: count });

  /** Starts a run of the whole feed in a process of its own and kills it once it has decided its first batch. */
  async function killMidRun(mode: 'refresh' | 'import') {
    run = startFeedRun(t.databaseUrl, mode, FEED_ROWS, BATCH);
    await run.printed(new RegExp(`^decided ${BATCH}$`, 'm'));
    run.child.kill('SIGKILL');
    expect(await run.exited()).toBeNull();
    expect(run.output()).not.toMatch(/^done/m);
  }

  it("leaves the catalog as it was when the feed worker's refresh is killed, and the next refresh applies the whole feed", async () => {
    expect(await refresh(BEFORE)).toMatchObject({ status: 'succeeded', added: BEFORE });
    await killMidRun('refresh');
    expect(await offers()).toBe(BEFORE);
    const next = feedRows(BEFORE + 1).at(-1)?.offer?.externalId ?? '';
    expect(await t.app.storage.catalog.findOfferByExternalId(FEED_RETAILER.id, next)).toBeNull();

    // A feed that lists 30 of the 40 offers in stock is a legitimate change: the killed run left no offer to compare it with.
    expect(await refresh(30)).toMatchObject({ status: 'succeeded', gone: BEFORE - 30 });
    expect(await refresh(FEED_ROWS)).toMatchObject({ status: 'succeeded', rowsRead: FEED_ROWS, added: FEED_ROWS - BEFORE });
    expect(await offers()).toBe(FEED_ROWS);
  }, CRASH_TEST_MS);

  it("leaves the catalog as it was when an admin's upload is killed, and the next upload imports the whole file", async () => {
    expect(await refresh(BEFORE)).toMatchObject({ status: 'succeeded', added: BEFORE });
    await killMidRun('import');
    expect(await offers()).toBe(BEFORE);

    const again = await t.app.catalog.ingestion.importRows(feedRows(FEED_ROWS), { format: 'gmc', source: 'test', retailer: FEED_RETAILER, atomic: true });
    expect(again).toMatchObject({ status: 'succeeded', inserted: FEED_ROWS - BEFORE, unchanged: BEFORE });
    expect(await offers()).toBe(FEED_ROWS);
  }, CRASH_TEST_MS);
});

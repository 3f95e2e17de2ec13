import { randomUUID } from 'node:crypto';
import { FEED_RETAILER, feedRows, startFeedRun, type FeedRunProcess } from './testing/feed-run';
import { call, registerBusiness, STRONG_PASSWORD } from './testing/http';
import { buildTestApp, type TestApp } from './testing/test-app';

/**
 * Load test on the run's engine: while a feed worker's process applies an 8,000-row feed to the database, a business
 * signs in and shoppers search, one request after another; none of them answers 5xx, also while the run commits.
 */
const FEED_ROWS = 8000;
/** Offers of the feed the catalog holds before the run (the run decides only the others). */
const SEEDED = 40;
/** The pause between one sign-in and search and the next. */
const SPACING_MS = 250;

describe('sign-ins and searches while an 8,000-row feed is applied', () => {
  let t: TestApp;
  let run: FeedRunProcess | null = null;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    if (run && run.child.exitCode === null && run.child.signalCode === null) {
      run.child.kill('SIGKILL');
      await run.exited();
    }
    await t.close();
  });

  it('answers every sign-in and search without a 5xx', async () => {
    await registerBusiness(t.app, 'owner@busy-shop.example');
    const seeded = await t.app.catalog.refresh(feedRows(SEEDED), { format: 'gmc', source: 'test', retailer: FEED_RETAILER, expectedRows: SEEDED });
    expect(seeded.status).toBe('succeeded');
    const words = feedRows(1)[0]?.offer?.title.split(' ').slice(0, 2).join(' ') ?? '';

    const started = startFeedRun(t.databaseUrl, 'refresh', FEED_ROWS);
    run = started;
    let running = true;
    const ended = started.exited().finally(() => (running = false));
    // When every row was decided: from then on the run writes them in one transaction.
    let decidedAt = Number.POSITIVE_INFINITY;
    void started.printed(new RegExp(`^decided ${FEED_ROWS - SEEDED}$`, 'm')).then(
      () => (decidedAt = Date.now()),
      () => undefined,
    );

    const answers: Array<{ kind: 'sign-in' | 'search'; status: number; at: number; body: string }> = [];
    while (running) {
      const signIn = await call(t.app, 'POST', '/api/business/auth/login', { body: { email: 'owner@busy-shop.example', password: STRONG_PASSWORD } });
      answers.push({ kind: 'sign-in', status: signIn.statusCode, at: Date.now(), body: signIn.body });
      const search = await t.app.inject({ method: 'POST', url: '/api/search', payload: { requestId: randomUUID(), query: words } });
      answers.push({ kind: 'search', status: search.statusCode, at: Date.now(), body: search.body });
      // Paced: each sign-in costs a scrypt derivation (about 0.1 s of a core), and a loop that signs in back to back
      // takes a core from the run it watches, which then runs longer and draws more sign-ins.
      await new Promise((resolve) => setTimeout(resolve, SPACING_MS));
    }
    expect(await ended).toBe(0);
    expect(started.output()).toMatch(/^done \{"status":"succeeded"/m);
    expect(await t.app.storage.catalog.countOffers()).toBe(FEED_ROWS);

    const failed = answers.filter((answer) => answer.status >= 500);
    expect(failed).toEqual([]);
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    // Requests went on through the whole run, its commit included.
    // The run takes about 5 s on a quiet machine (14 sign-ins on SQLite, 26 on PostgreSQL) and minutes on a loaded one.
    expect(answers.filter((answer) => answer.kind === 'sign-in').length).toBeGreaterThan(10);
    expect(answers.some((answer) => answer.at > decidedAt)).toBe(true);
  }, 600_000);
});

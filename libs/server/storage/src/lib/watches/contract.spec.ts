import { randomUUID } from 'node:crypto';
import { createPgWatchRepository, createSqliteWatchRepository, type NewWatch, type WatchChannelInput, type WatchRepository } from '../../index';
import { ENGINES, openPortEngine, type EngineConnection, type PortEngine } from '../../testing/port-engines';
import { present } from '@pricehunt/contracts';

const repoOf = (connection: EngineConnection): WatchRepository =>
  connection.engine === 'sqlite' ? createSqliteWatchRepository(connection.handle) : createPgWatchRepository(connection.handle);

const T0 = Date.UTC(2026, 10, 23, 10, 0, 0);
let shopperCount = 0;

describe.each(ENGINES)('watch storage port on %s', (engine) => {
  let db: PortEngine;
  let repo: WatchRepository;

  beforeAll(async () => {
    db = await openPortEngine(engine);
    repo = repoOf(db);
    await db.query(`INSERT INTO retailers (id, name) VALUES ('amazon', 'Amazon'), ('walmart', 'Walmart')`);
    await db.query(`INSERT INTO products (id, title, offer_count, best_price_cents, best_offer_id, currency) VALUES (1, 'LG OLED55C3PUA TV', 2, 119000, 12, 'USD'), (2, 'Kindle', 1, 9999, 13, 'USD')`);
    const offer = (id: number, retailer: string, productId: number, price: number, shipping: number | null, availability: string) =>
      db.query(
        `INSERT INTO offers (id, retailer_id, external_id, canonical_url, url, host, title, price_cents, currency, shipping_cents, product_id, availability)
         VALUES (?, ?, ?, ?, ?, 'example.com', 'offer', ?, 'USD', ?, ?, ?)`,
        [id, retailer, `X${id}`, `https://example.com/${id}`, `https://example.com/${id}`, price, shipping, productId, availability],
      );
    await offer(11, 'amazon', 1, 120_000, 1_000, 'in_stock');
    await offer(12, 'walmart', 1, 119_000, null, 'in_stock');
    await offer(13, 'amazon', 2, 9_999, null, 'out_of_stock');
    await db.query(`INSERT INTO product_price_summaries (product_id, currency, low_cents, computed_at) VALUES (1, 'USD', 99900, '2026-11-23T00:00:00.000Z')`);
  });
  afterAll(async () => db.close());

  async function newShopper(): Promise<string> {
    const id = `watch-shopper-${++shopperCount}`;
    await db.query(`INSERT INTO shoppers (id, email, password_hash) VALUES (?, ?, 'hash')`, [id, `${id}@example.com`]);
    return id;
  }
  const watchOf = (shopperId: string, target: { productId: number } | { url: string; offerId: number; productId: number }, extra: Partial<NewWatch> = {}): NewWatch => ({
    id: randomUUID(),
    shopperId,
    owner: `shopper:${shopperId}`,
    email: `${shopperId}@example.com`,
    status: 'active',
    confirmTokenHash: null,
    confirmExpiresAt: null,
    stopToken: randomUUID(),
    target: 'url' in target ? `url:${target.url}` : `product:${target.productId}`,
    productId: target.productId,
    offerId: 'offerId' in target ? target.offerId : null,
    url: 'url' in target ? target.url : null,
    title: 'Saved title',
    targetPriceCents: null,
    createdAt: T0,
    ...extra,
  });
  const email = (shopperId: string): WatchChannelInput[] => [{ channel: 'email', destination: `${shopperId}@example.com` }];
  const save = (watch: NewWatch, channels: WatchChannelInput[], limit = 10, replaceActive = true) => repo.save(watch, channels, limit, { replaceActive, at: T0 });

  it('saves a product watch and a link watch, lists them with prices, the 90-day low and stock', async () => {
    const shopper = await newShopper();
    const product = await save(watchOf(shopper, { productId: 1 }, { targetPriceCents: 110_000 }), email(shopper));
    expect(product).toMatchObject({ kind: 'created' });
    const link = await save(watchOf(shopper, { url: 'https://example.com/13', offerId: 13, productId: 2 }, { createdAt: T0 + 1 }), [
      ...email(shopper),
      { channel: 'webhook', destination: 'https://hooks.example.com/a' },
    ]);
    expect(link.kind).toBe('created');
    const list = await repo.list(shopper, 50);
    expect(list.map((watch) => watch.url)).toEqual(['https://example.com/13', null]);
    expect(list[1]).toEqual({
      id: product.kind === 'created' ? product.watch.id : '',
      status: 'active',
      productId: 1,
      url: null,
      title: 'LG OLED55C3PUA TV',
      store: 'Walmart',
      targetPriceCents: 110_000,
      currency: 'USD',
      currentPriceCents: 119_000,
      bestPriceCents: 119_000,
      lowestPriceCents90d: 99_900,
      inStock: true,
      channels: [{ channel: 'email', target: `${shopper}@example.com`, state: 'ok', failures: 0, lastError: null, lastDeliveredAt: null }],
      createdAt: new Date(T0).toISOString(),
      lastCheckedAt: null,
      lastEvent: null,
    });
    expect(list[0]).toMatchObject({ productId: 2, title: 'Kindle', store: 'Amazon', currentPriceCents: 9_999, lowestPriceCents90d: 9_999, inStock: false });
    expect(list[0]?.channels.map((channel) => channel.channel)).toEqual(['email', 'webhook']);
  });

  it('answers the same target again as an update, keeps the limit, patches, removes', async () => {
    const shopper = await newShopper();
    const first = await save(watchOf(shopper, { productId: 1 }), email(shopper), 2);
    const again = await save(watchOf(shopper, { productId: 1 }, { targetPriceCents: 100_000 }), [{ channel: 'ntfy', destination: 'https://ntfy.sh/x' }], 2);
    expect(again).toMatchObject({ kind: 'updated', watch: { targetPriceCents: 100_000, channels: [{ channel: 'ntfy' }] } });
    expect(again.kind === 'updated' && first.kind === 'created' && again.watch.id === first.watch.id).toBe(true);
    expect((await save(watchOf(shopper, { productId: 2 }), email(shopper), 2)).kind).toBe('created');
    expect(await save(watchOf(shopper, { url: 'https://example.com/11', offerId: 11, productId: 1 }), email(shopper), 2)).toEqual({ kind: 'full' });

    const id = first.kind === 'created' ? first.watch.id : '';
    const other = await newShopper();
    expect(await repo.update(other, id, { targetPriceCents: 5 }, T0)).toBeNull();
    expect(await repo.update(shopper, id, { targetPriceCents: null, channels: email(shopper) }, T0 + 5)).toMatchObject({ targetPriceCents: null, channels: [{ channel: 'email' }] });
    expect(await repo.get(shopper, id)).toMatchObject({ id });
    expect(await repo.remove(other, id)).toBe(0);
    expect(await repo.remove(shopper, id)).toBe(1);
    expect(await repo.get(shopper, id)).toBeNull();
  });

  it('saves with an owner limit that holds under concurrent saves', async () => {
    const shopper = await newShopper();
    const another = repoOf(await db.connect());
    const results = await Promise.all(
      [1, 2, 11, 12, 13].map((n, i) => (i % 2 ? another : repo).save(watchOf(shopper, { url: `https://example.com/c${n}`, offerId: 11, productId: 1 }), email(shopper), 3, { replaceActive: true, at: T0 })),
    );
    expect(results.filter((result) => result.kind === 'created')).toHaveLength(3);
    expect(await repo.list(shopper, 50)).toHaveLength(3);
  });

  it('confirms a pending watch by its token until it expires, and stops a watch by its stop token', async () => {
    const owner = 'email:someone@example.com';
    const pending = watchOf('x', { productId: 2 }, { shopperId: null, owner, email: 'someone@example.com', status: 'pending', confirmTokenHash: 'hash-1', confirmExpiresAt: T0 + 1000 });
    expect((await save(pending, [{ channel: 'email', destination: 'someone@example.com' }])).kind).toBe('created');
    // A second signed-out save of the same target replaces the pending one's link.
    const again = { ...pending, id: randomUUID(), confirmTokenHash: 'hash-2', confirmExpiresAt: T0 + 1000 };
    expect(await save(again, [{ channel: 'email', destination: 'someone@example.com' }], 10, false)).toMatchObject({ kind: 'updated', watch: { status: 'pending' } });
    expect(await repo.confirm('hash-1', T0)).toBeNull();
    expect(await repo.confirm('hash-2', T0 + 1000)).toBeNull();
    expect(await repo.confirm('hash-2', T0 + 999)).toBe('Kindle');
    expect(await repo.confirm('hash-2', T0 + 999)).toBeNull();
    // Active now: signed out, the same target is answered as it is.
    expect(await save({ ...again, id: randomUUID(), targetPriceCents: 1 }, [], 10, false)).toMatchObject({ kind: 'exists', watch: { status: 'active', targetPriceCents: null } });
    expect(await repo.stop(pending.stopToken)).toBe('Kindle');
    expect(await repo.stop(pending.stopToken)).toBeNull();
  });

  it('records an evaluation once under concurrent callers, with one delivery per channel, and lists watched links', async () => {
    const shopper = await newShopper();
    const saved = await save(watchOf(shopper, { url: 'https://example.com/11', offerId: 11, productId: 1 }, { targetPriceCents: 125_000 }), [
      ...email(shopper),
      { channel: 'webhook', destination: 'https://hooks.example.com/b' },
    ]);
    const id = saved.kind === 'created' ? saved.watch.id : '';
    expect(await repo.watchedUrls()).toContain('https://example.com/11');
    await repo.notePageRead('https://example.com/11', T0 + 10, { offerId: 11, productId: 1 });
    const row = (await repo.evaluationRows()).find((each) => each.id === id);
    expect(row).toMatchObject({ priceCents: 121_000, inStock: true, store: 'Amazon', storeUrl: 'https://example.com/11', armed: true, evaluatedAt: null, evaluations: 0 });

    const another = repoOf(await db.connect());
    const evaluation = (eventId: string) => ({
      watchId: id,
      evaluations: 0,
      at: T0 + 20,
      seenPriceCents: 121_000,
      seenInStock: true,
      armed: false,
      events: [{ id: eventId, event: 'price_drop' as const, oldPriceCents: 130_000, newPriceCents: 121_000 }],
    });
    const outcomes = await Promise.all([repo.recordEvaluation(evaluation(randomUUID())), another.recordEvaluation(evaluation(randomUUID())), repo.recordEvaluation(evaluation(randomUUID()))]);
    expect(outcomes.filter(Boolean)).toHaveLength(1);
    expect(await db.query('SELECT count(*) AS n FROM watch_events WHERE watch_id = ?', [id])).toEqual([{ n: 1 }]);
    expect(await db.query('SELECT channel FROM watch_deliveries WHERE watch_id = ? ORDER BY channel', [id])).toEqual([{ channel: 'email' }, { channel: 'webhook' }]);
    expect((await repo.evaluationRows()).find((each) => each.id === id)).toMatchObject({ armed: false, seenPriceCents: 121_000, seenInStock: true, evaluatedAt: T0 + 20, evaluations: 1 });
    expect(await repo.get(shopper, id)).toMatchObject({ lastCheckedAt: new Date(T0 + 10).toISOString(), lastEvent: { event: 'price_drop', at: new Date(T0 + 20).toISOString(), priceCents: 121_000 } });
  });

  it('claims deliveries under a lease, backs off after failures, pauses a channel and resumes it', async () => {
    await db.query(`UPDATE watch_deliveries SET status = 'sent'`);
    const shopper = await newShopper();
    const saved = await save(watchOf(shopper, { productId: 2 }), [...email(shopper), { channel: 'ntfy', destination: 'https://ntfy.example.com/t' }]);
    const id = saved.kind === 'created' ? saved.watch.id : '';
    const record = async (n: number, at: number) => {
      const [row] = (await repo.evaluationRows()).filter((each) => each.id === id);
      return repo.recordEvaluation({ watchId: id, evaluations: present(row).evaluations, at, seenPriceCents: 9_999, seenInStock: true, armed: true, events: [{ id: `event-${engine}-${n}`, event: 'back_in_stock', oldPriceCents: null, newPriceCents: 9_999 }] });
    };
    expect(await record(1, T0)).toBe(true);

    const another = repoOf(await db.connect());
    const [mine, theirs] = await Promise.all([repo.claimDeliveries('w1', T0, 60_000, 10), another.claimDeliveries('w2', T0, 60_000, 10)]);
    expect([...mine, ...theirs].map((job) => job.channel).sort()).toEqual(['email', 'ntfy']);
    expect(await repo.claimDeliveries('w3', T0 + 1000, 60_000, 10)).toEqual([]);
    const jobs = [...mine, ...theirs];
    const emailJob = present(jobs.find((job) => job.channel === 'email'));
    const ntfyJob = present(jobs.find((job) => job.channel === 'ntfy'));
    expect(ntfyJob).toMatchObject({ event: 'back_in_stock', title: 'Kindle', newPriceCents: 9_999, attempts: 0, stopToken: expect.any(String) });
    const emailOwner = mine.includes(emailJob) ? 'w1' : 'w2';
    const ntfyOwner = mine.includes(ntfyJob) ? 'w1' : 'w2';
    expect(await repo.deliverySucceeded(emailJob.id, 'someone-else', T0)).toBe(false);
    expect(await repo.deliverySucceeded(emailJob.id, emailOwner, T0 + 1)).toBe(true);
    expect(await repo.deliverySucceeded(emailJob.id, emailOwner, T0 + 1)).toBe(false);

    // The ntfy delivery fails: retried after its wait, not before; a lease that ran out frees it too.
    expect(await repo.deliveryFailed(ntfyJob.id, ntfyOwner, { at: T0 + 2, error: 'HTTP 500', retryAt: T0 + 30_000, pauseAfter: 3 })).toEqual({ recorded: true, paused: false });
    expect(await repo.claimDeliveries('w1', T0 + 29_999, 60_000, 10)).toEqual([]);
    let [retry] = await repo.claimDeliveries('w1', T0 + 30_000, 60_000, 10);
    expect(retry).toMatchObject({ id: ntfyJob.id, attempts: 1 });
    [retry] = await repo.claimDeliveries('w2', T0 + 90_000, 60_000, 10);
    expect(retry).toMatchObject({ id: ntfyJob.id });
    expect(await repo.deliveryFailed(ntfyJob.id, 'w1', { at: T0 + 90_001, error: 'late', retryAt: T0, pauseAfter: 3 })).toEqual({ recorded: false, paused: false });
    expect(await repo.deliveryFailed(ntfyJob.id, 'w2', { at: T0 + 90_001, error: 'HTTP 502', retryAt: T0 + 90_001, pauseAfter: 3 })).toEqual({ recorded: true, paused: false });
    expect((await repo.get(shopper, id))?.channels[1]).toMatchObject({ channel: 'ntfy', state: 'failing', failures: 2, lastError: 'HTTP 502' });

    // A second event queues a second ntfy delivery; the third failure in a row pauses the channel and stops both.
    expect(await record(2, T0 + 100_000)).toBe(true);
    const claimed = await repo.claimDeliveries('w1', T0 + 100_000, 60_000, 10);
    expect(claimed.map((job) => job.channel).sort()).toEqual(['email', 'ntfy', 'ntfy']);
    expect(await repo.deliveryFailed(ntfyJob.id, 'w1', { at: T0 + 100_001, error: 'connection refused', retryAt: T0 + 200_000, pauseAfter: 3 })).toEqual({ recorded: true, paused: true });
    expect((await repo.get(shopper, id))?.channels[1]).toMatchObject({ state: 'paused', failures: 3, lastError: 'connection refused' });
    expect(await db.query(`SELECT status FROM watch_deliveries WHERE watch_id = ? AND channel = 'ntfy' ORDER BY created_at`, [id])).toEqual([{ status: 'stopped' }, { status: 'stopped' }]);
    // Paused: a new event queues no ntfy delivery.
    expect(await record(3, T0 + 300_000)).toBe(true);
    expect(await db.query(`SELECT count(*) AS n FROM watch_deliveries WHERE watch_id = ? AND channel = 'ntfy'`, [id])).toEqual([{ n: 2 }]);

    expect((await repo.update(shopper, id, { resume: true }, T0 + 400_000))?.channels[1]).toMatchObject({ state: 'ok', failures: 0, lastError: null });
    expect(await record(4, T0 + 500_000)).toBe(true);
    expect((await repo.claimDeliveries('w1', T0 + 500_000, 60_000, 10)).filter((job) => job.channel === 'ntfy')).toHaveLength(1);
  });
});

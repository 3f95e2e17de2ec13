import { WATCH_LIMITS } from '@pricehunt/contracts';
import type { SafeHttpClient } from '@pricehunt/catalog-identity';
import type { WatchDeliveryJob, WatchRepository } from '@pricehunt/storage';
import type { Logger } from './logger';
import type { Mailer } from './mailer';
import { watchEventEmail, watchNtfyMessage, watchWebhookPayload } from './watches';

/** The waits before a failed delivery is tried again: the first after one failure, the last after five or more. */
export const WATCH_DELIVERY_BACKOFF_MS = [30_000, 120_000, 600_000, 3_600_000, 6 * 3_600_000] as const;
/** How long a claimed delivery is a worker's own: past it, another may send it. */
export const WATCH_DELIVERY_LEASE_MS = 120_000;
/** The User-Agent of ntfy and webhook POSTs. */
export const WATCH_USER_AGENT = 'PriceHunt-Watches/1.0 (+https://pricehunt.example/watches)';

export const backoffAfter = (attempts: number, schedule: readonly number[] = WATCH_DELIVERY_BACKOFF_MS) =>
  schedule[Math.min(Math.max(attempts, 0), schedule.length - 1)] as number;

/** Sends one delivery; throws (the reason as its message) unless the channel acknowledged it (2xx, or the mailer took it). */
export type SendWatchDelivery = (job: WatchDeliveryJob) => Promise<void>;

/** Email through the mailer (the outbox, or SMTP), ntfy and webhooks as POSTs through the SSRF-safe client. */
export function createWatchSender(deps: { mailer: Mailer; http: SafeHttpClient; shopperAppUrl: string }): SendWatchDelivery {
  const post = async (url: string, headers: Record<string, string>, body: string) => {
    const status = await deps.http.request(url, {
      method: 'POST',
      body,
      headers: { 'user-agent': WATCH_USER_AGENT, accept: '*/*', ...headers },
      read: async (response) => {
        for await (const _chunk of response.body) {
          // The answer's body is read to its end (and counted against the size cap), then dropped.
        }
        return response.status;
      },
    });
    if (status < 200 || status > 299) throw new Error(`HTTP ${status}`);
  };
  return async (job) => {
    if (job.channel === 'email') return deps.mailer.send(watchEventEmail(job, deps.shopperAppUrl));
    if (job.channel === 'ntfy') {
      const message = watchNtfyMessage(job, deps.shopperAppUrl);
      return post(job.destination, message.headers, message.body);
    }
    return post(
      job.destination,
      { 'content-type': 'application/json', 'idempotency-key': job.eventId },
      JSON.stringify(watchWebhookPayload(job, deps.shopperAppUrl)),
    );
  };
}

export interface DeliveryRound {
  sent: number;
  failed: number;
  paused: number;
}

/**
 * The delivery queue's worker: takes due deliveries under a lease, sends each, and records the outcome (sent; or
 * tried again after a growing wait, the channel paused after WATCH_LIMITS.pauseAfterFailures failures in a row).
 * `clock` and `backoffMs` are injectable, and `deliverDue` runs one round, so tests wait for nothing.
 */
export function createWatchDeliveryWorker(deps: {
  repo: WatchRepository;
  send: SendWatchDelivery;
  owner: string;
  log: Logger;
  clock?: () => number;
  backoffMs?: readonly number[];
  leaseMs?: number;
  batch?: number;
}) {
  const clock = deps.clock ?? Date.now;
  const leaseMs = deps.leaseMs ?? WATCH_DELIVERY_LEASE_MS;
  const batch = deps.batch ?? 20;

  async function deliver(job: WatchDeliveryJob, round: DeliveryRound) {
    try {
      await deps.send(job);
    } catch (error) {
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      const at = clock();
      const outcome = await deps.repo.deliveryFailed(job.id, deps.owner, {
        at,
        error: message,
        retryAt: at + backoffAfter(job.attempts, deps.backoffMs),
        pauseAfter: WATCH_LIMITS.pauseAfterFailures,
      });
      round.failed += 1;
      if (outcome.paused) {
        round.paused += 1;
        deps.log.warn({ watchId: job.watchId, channel: job.channel }, `watch ${job.watchId}: its ${job.channel} channel is paused after failures in a row (${message})`);
      }
      return;
    }
    await deps.repo.deliverySucceeded(job.id, deps.owner, clock());
    round.sent += 1;
  }

  /** Sends every delivery due now; answers the counts. */
  async function deliverDue(): Promise<DeliveryRound> {
    const round: DeliveryRound = { sent: 0, failed: 0, paused: 0 };
    const tried = new Set<string>();
    for (;;) {
      const jobs = (await deps.repo.claimDeliveries(deps.owner, clock(), leaseMs, batch)).filter((job) => !tried.has(job.id));
      if (jobs.length === 0) break;
      for (const job of jobs) {
        tried.add(job.id);
        await deliver(job, round);
      }
    }
    if (round.sent + round.failed > 0) deps.log.info({ ...round }, `watch deliveries: ${round.sent} sent, ${round.failed} failed, ${round.paused} channels paused`);
    return round;
  }

  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  return {
    deliverDue,
    /** Delivers due messages every `intervalMs` (one round at a time). */
    start(intervalMs: number) {
      if (timer) return;
      timer = setInterval(() => {
        if (running) return;
        running = deliverDue()
          .catch((error: unknown) => deps.log.error({ err: error }, 'watch deliveries failed'))
          .finally(() => {
            running = null;
          });
      }, intervalMs);
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}

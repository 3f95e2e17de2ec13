import type { DatabaseHandle } from '../db/client';
import type { CountedWindow, RateLimitRepository } from './repository';

export function createSqliteRateLimitRepository({ sqlite }: DatabaseHandle): RateLimitRepository {
  // One statement: the insert, the restart of an ended window and the count are one atomic step.
  const hit = sqlite.prepare<{ name: string; key: string; now: number; end: number }, CountedWindow>(
    `INSERT INTO rate_limit_windows (limit_name, key_hash, count, reset_at) VALUES (@name, @key, 1, @end)
     ON CONFLICT (limit_name, key_hash) DO UPDATE SET
       count = CASE WHEN reset_at <= @now THEN 1 ELSE count + 1 END,
       reset_at = CASE WHEN reset_at <= @now THEN @end ELSE reset_at END
     RETURNING count, reset_at AS resetAt`,
  );
  const prune = sqlite.prepare<[number]>('DELETE FROM rate_limit_windows WHERE reset_at <= ?');
  return {
    hit: async (name, key, windowMs, now) => hit.get({ name, key, now, end: now + windowMs }) as CountedWindow,
    prune: async (now) => prune.run(now).changes,
  };
}

import type { PostgresHandle } from '../db/pg-client';
import type { RateLimitRepository } from './repository';

export function createPgRateLimitRepository({ pool }: PostgresHandle): RateLimitRepository {
  // One statement, as on SQLite: the insert, the restart of an ended window and the count are one atomic step
  // (INSERT … ON CONFLICT DO UPDATE locks the key's row, so concurrent hits from several processes each count once).
  // bigint columns come back as text from node-postgres: cast in SQL so the answer holds numbers.
  const hit = `INSERT INTO rate_limit_windows (limit_name, key_hash, count, reset_at) VALUES ($1, $2, 1, $4)
     ON CONFLICT (limit_name, key_hash) DO UPDATE SET
       count = CASE WHEN rate_limit_windows.reset_at <= $3 THEN 1 ELSE rate_limit_windows.count + 1 END,
       reset_at = CASE WHEN rate_limit_windows.reset_at <= $3 THEN $4 ELSE rate_limit_windows.reset_at END
     RETURNING count, reset_at::float8 AS "resetAt"`;
  return {
    async hit(name, key, windowMs, now) {
      const { rows } = await pool.query<{ count: number; resetAt: number }>({ name: 'rate-limits/hit', text: hit, values: [name, key, now, now + windowMs] });
      const [row] = rows;
      if (!row) throw new Error('rate limit upsert answered no row');
      return { count: row.count, resetAt: row.resetAt };
    },
    async prune(now) {
      return (await pool.query('DELETE FROM rate_limit_windows WHERE reset_at <= $1', [now])).rowCount ?? 0;
    },
  };
}

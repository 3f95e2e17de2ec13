import { createHash } from 'node:crypto';
import type pg from 'pg';

/** A connection or the pool: what runs a statement. A transaction's statements run on its client. */
export type Queryable = pg.ClientBase | pg.Pool;

type Timed<T> = Omit<T, 'createdAt' | 'updatedAt' | 'recordedAt'> & { createdAt?: Date; updatedAt?: Date; recordedAt?: Date };

/** The row with its instants (timestamptz, read as Dates) as the ISO strings SQLite stores (each key stays where it is). */
function withIsoTimes<T>(row: Timed<T>): T {
  const out = row as Record<string, unknown>;
  for (const key of ['createdAt', 'updatedAt', 'recordedAt']) {
    const value = out[key];
    if (value instanceof Date) out[key] = value.toISOString();
  }
  return out as T;
}

/** The rows of a named statement (`catalog/<name>`), their instants as ISO strings. */
export async function rowsOf<T>(db: Queryable, name: string, text: string, values: unknown[]): Promise<T[]> {
  const { rows } = await db.query({ name: `catalog/${name}`, text, values });
  return (rows as Array<Timed<T>>).map((row) => withIsoTimes<T>(row));
}

/** A short name for one of a statement's variants (PostgreSQL keeps 63 bytes of a prepared statement's name). */
export const shortHash = (text: string) => createHash('sha1').update(text).digest('hex').slice(0, 12);

export { inTransaction } from '../../db/pg-client';

import type Database from 'better-sqlite3';
import pg from 'pg';

/**
 * A unit of work written once for both engines: a generator that yields its statements (`?` placeholders, SQL both
 * engines read alike) one at a time and is handed each one's rows or count. SQLite runs it synchronously inside an
 * IMMEDIATE transaction; PostgreSQL on one pooled client inside BEGIN … COMMIT. A `/*pg: … *\/` comment is
 * PostgreSQL's only (row locks: SQLite's immediate transaction already writes alone).
 */
export interface Step {
  kind: 'rows' | 'count';
  sql: string;
  params: readonly unknown[];
  /** Run on PostgreSQL only (advisory locks). */
  pgOnly?: boolean;
}
export type Work<T> = Generator<Step, T, unknown>;

/** The rows of a statement (a SELECT, or a write with RETURNING). */
export function* rows<Row>(sql: string, params: readonly unknown[] = []): Generator<Step, Row[], unknown> {
  return (yield { kind: 'rows', sql, params }) as Row[];
}
/** The number of rows a write changed. */
export function* count(sql: string, params: readonly unknown[] = []): Generator<Step, number, unknown> {
  return (yield { kind: 'count', sql, params }) as number;
}
/** A statement PostgreSQL runs and SQLite skips. */
export function* pgOnly(sql: string, params: readonly unknown[] = []): Generator<Step, void, unknown> {
  yield { kind: 'rows', sql, params, pgOnly: true };
}

export interface WorkRunner {
  readonly engine: 'sqlite' | 'postgres';
  /** Runs the work as one transaction. */
  transaction<T>(work: () => Work<T>): Promise<T>;
}

/** Flags as both engines give them (1/0 on SQLite, true/false on PostgreSQL). */
export const flag = (value: unknown): boolean | null => (value === null || value === undefined ? null : value === true || value === 1 || value === '1');
/** A flag as a parameter both engines take (PostgreSQL reads '1' and '0' as booleans). */
export const flagParam = (value: boolean | null): number | null => (value === null ? null : value ? 1 : 0);

export function sqliteRunner(sqlite: Database.Database): WorkRunner {
  const statements = new Map<string, Database.Statement>();
  const prepared = (sql: string) => {
    let statement = statements.get(sql);
    if (!statement) {
      statement = sqlite.prepare(sql);
      statements.set(sql, statement);
    }
    return statement;
  };
  const exec = (step: Step): unknown => {
    if (step.pgOnly) return [];
    const statement = prepared(step.sql);
    return step.kind === 'rows' ? statement.all(...step.params) : statement.run(...step.params).changes;
  };
  return {
    engine: 'sqlite',
    async transaction<T>(work: () => Work<T>): Promise<T> {
      return sqlite
        .transaction(() => {
          const generator = work();
          let next = generator.next();
          while (!next.done) next = generator.next(exec(next.value));
          return next.value;
        })
        .immediate();
    },
  };
}

/** `?` placeholders as `$1, $2, …` (a question mark inside a quoted literal is left alone); `/*pg: … *\/` uncommented. */
export function forPostgres(sql: string): string {
  let n = 0;
  return sql.replace(/\/\*pg:([\s\S]*?)\*\//g, '$1').replace(/'(?:[^']|'')*'|\?/g, (match) => (match === '?' ? `$${++n}` : match));
}

/** Whole numbers (int8, numeric) read as numbers, as SQLite's integers are. */
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === pg.types.builtins.INT8 || oid === pg.types.builtins.NUMERIC) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format);
  },
};

const RETRIED = new Set(['40P01', '40001']);

export function pgRunner(pool: pg.Pool): WorkRunner {
  const texts = new Map<string, string>();
  const text = (sql: string) => {
    let converted = texts.get(sql);
    if (converted === undefined) {
      converted = forPostgres(sql);
      texts.set(sql, converted);
    }
    return converted;
  };
  return {
    engine: 'postgres',
    async transaction<T>(work: () => Work<T>): Promise<T> {
      for (let attempt = 1; ; attempt++) {
        const client = await pool.connect();
        let broken: Error | undefined;
        try {
          await client.query('BEGIN');
          const generator = work();
          let next = generator.next();
          while (!next.done) {
            const step = next.value;
            const result = await client.query({ text: text(step.sql), values: step.params as unknown[], types });
            next = generator.next(step.kind === 'rows' ? result.rows : (result.rowCount ?? 0));
          }
          await client.query('COMMIT');
          return next.value;
        } catch (error) {
          await client.query('ROLLBACK').catch((rollback: Error) => {
            broken = rollback;
          });
          // A deadlock or serialization failure is the other transaction's win: this one runs again.
          if (attempt < 5 && RETRIED.has((error as { code?: string }).code ?? '')) continue;
          throw error;
        } finally {
          client.release(broken);
        }
      }
    },
  };
}

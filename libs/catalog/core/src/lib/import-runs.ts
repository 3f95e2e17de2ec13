import os from 'node:os';
import type { ImportRunOwner, ImportRunReads, RunningImportRun } from './ports';

/**
 * A run `running` that has not committed a batch (nor begun) for this long is taken for one whose process is gone,
 * whatever its owner: on another host its process cannot be asked, and on this one its id may have been reused.
 * Generous: between two batches an import may load a large catalog's keys, read a slow feed or join products.
 */
export const IMPORT_RUN_STALE_MS = 6 * 60 * 60 * 1000;

/** Ids of the runs this process is doing now (any ingestion service of it). */
const runsOfThisProcess = new Set<string>();

/** This process, as the owner of the runs it does. */
export const thisProcess = (): ImportRunOwner => ({ pid: process.pid, host: os.hostname() });

/** Marks a run as one this process is doing until `done` is called. */
export function holdImportRun(id: string): () => void {
  runsOfThisProcess.add(id);
  return () => runsOfThisProcess.delete(id);
}

/** Whether a process with this id is alive on this host (one of another user counts: it exists). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export interface InterruptedRun {
  id: string;
  ownerPid: number | null;
  ownerHost: string | null;
  /** Why the run is taken for interrupted. */
  reason: string;
}

export interface RecoverOptions {
  /** The process looking (default: this one). */
  self?: ImportRunOwner;
  /** Milliseconds since the epoch (default: now). */
  now?: number;
  staleAfterMs?: number;
  isAlive?: (pid: number) => boolean;
  /** Runs the looking process is doing itself (default: those of this process). */
  ownRuns?: ReadonlySet<string>;
}

/** Why `run` is no longer being done by any process, or null while its process may still be at it. */
export function whyInterrupted(run: RunningImportRun, options: Required<RecoverOptions>): string | null {
  if (options.ownRuns.has(run.id)) return null;
  const lastSign = Date.parse(run.heartbeatAt ?? run.startedAt);
  const silentFor = Number.isFinite(lastSign) ? options.now - lastSign : Number.POSITIVE_INFINITY;
  if (run.ownerPid !== null && run.ownerHost === options.self.host) {
    // This process does not do it, so an owner with this process's id was an earlier process (a restarted container).
    if (run.ownerPid === options.self.pid) return `process ${run.ownerPid} on ${run.ownerHost} that began it has ended`;
    if (!options.isAlive(run.ownerPid)) return `process ${run.ownerPid} on ${run.ownerHost} that began it has ended`;
  }
  if (silentFor > options.staleAfterMs) return `no batch committed for ${Math.round(silentFor / 60_000)} minutes`;
  return null;
}

/**
 * Marks `interrupted` every run left `running` by a process that is gone (on this host: its process id is no longer
 * alive; anywhere: nothing committed for `staleAfterMs`). Such a run keeps the counts its batches committed (they are
 * what is on disk, and live) and ends at its last committed batch. A run another live process is doing is left alone.
 * Called when the API and the command-line tools start.
 */
export async function recoverInterruptedImports(repository: Pick<ImportRunReads, 'runningImportRuns' | 'interruptImportRun'>, options: RecoverOptions = {}): Promise<InterruptedRun[]> {
  const resolved: Required<RecoverOptions> = {
    self: options.self ?? thisProcess(),
    now: options.now ?? Date.now(),
    staleAfterMs: options.staleAfterMs ?? IMPORT_RUN_STALE_MS,
    isAlive: options.isAlive ?? processAlive,
    ownRuns: options.ownRuns ?? runsOfThisProcess,
  };
  const interrupted: InterruptedRun[] = [];
  for (const run of await repository.runningImportRuns()) {
    const reason = whyInterrupted(run, resolved);
    if (reason === null) continue;
    const note = { detectedAt: new Date(resolved.now).toISOString(), by: resolved.self, reason };
    if (await repository.interruptImportRun(run.id, note)) interrupted.push({ id: run.id, ownerPid: run.ownerPid, ownerHost: run.ownerHost, reason });
  }
  return interrupted;
}

/** Reasons a failed run's message names at most; the run's report lists every row. */
const REASONS_NAMED = 3;

/**
 * Why a run that read rows but kept none of them failed: every row was refused, and the commonest reasons (field and
 * reason, with how many of the reported rows each refused). `errors` are the run's reported row errors (the first
 * ones), `errorCount` all of them.
 */
export function noRowKeptFailure(rows: number, errors: ReadonlyArray<{ field: string; reason: string }>, errorCount: number): string {
  const groups = new Map<string, number>();
  for (const error of errors) {
    const key = `${error.field}: ${error.reason}`;
    groups.set(key, (groups.get(key) ?? 0) + 1);
  }
  const ranked = [...groups.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const named = ranked.slice(0, REASONS_NAMED).map(([reason, count]) => `${reason} (${count.toLocaleString('en-US')} row error${count === 1 ? '' : 's'})`);
  const others = ranked.length - named.length;
  const head = rows === 1 ? 'Its only row was rejected' : `All ${rows.toLocaleString('en-US')} rows were rejected`;
  const reasons = named.length
    ? `: ${named.join('; ')}${others > 0 ? `; and ${others} other reason${others === 1 ? '' : 's'}` : ''}${errorCount > errors.length ? ` (${errorCount.toLocaleString('en-US')} row errors in all)` : ''}`
    : '';
  return `No row was imported. ${head}${reasons}`;
}

/** Where the bar writes: `process.stderr` by default. */
export interface ProgressStream {
  write(text: string): unknown;
  isTTY?: boolean;
}

export interface ProgressBarOptions {
  /** Expected final value; without it the bar shows a count, rate and elapsed time. */
  total?: number;
  label?: string;
  /** Word after the count ("offers", "rows"). */
  unit?: string;
  stream?: ProgressStream;
  /** Override the stream's own TTY flag. */
  isTTY?: boolean;
  /** Bar width in characters; default 24. */
  width?: number;
  /** Least time between redraws on a terminal (default 100 ms) or between lines elsewhere (default 2000 ms). */
  intervalMs?: number;
  /** Clock in milliseconds; injectable for tests. */
  now?: () => number;
}

export interface ProgressBar {
  /** Adds `n` (default 1) to the count. */
  tick(n?: number): void;
  /** Sets the count. */
  update(value: number): void;
  /** Draws the final state and ends the line. */
  done(): void;
  readonly value: number;
}

export interface ProgressState {
  label?: string;
  unit?: string;
  value: number;
  total?: number;
  elapsedMs: number;
  width?: number;
}

const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** "4s", "1m05s", "2h03m". */
export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '?';
  const s = Math.round(seconds);
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
}

/** One line of progress: label, bar, percentage, count, rate and ETA (or elapsed time without a total). */
export function formatProgress(state: ProgressState): string {
  const seconds = state.elapsedMs / 1000;
  const rate = seconds > 0 ? state.value / seconds : 0;
  const unit = state.unit ? ` ${state.unit}` : '';
  const parts: string[] = [];
  if (state.label) parts.push(state.label);
  if (state.total !== undefined && state.total > 0) {
    const ratio = Math.min(1, Math.max(0, state.value / state.total));
    const width = state.width ?? 24;
    const filled = Math.round(ratio * width);
    parts.push(`[${'#'.repeat(filled)}${'-'.repeat(width - filled)}]`);
    parts.push(`${(ratio * 100).toFixed(1).padStart(5)}%`);
    parts.push(`${integer.format(state.value)}/${integer.format(state.total)}${unit}`);
    parts.push(`${integer.format(rate)}/s`);
    const remaining = state.total - state.value;
    parts.push(remaining <= 0 ? `in ${formatDuration(seconds)}` : `ETA ${rate > 0 ? formatDuration(remaining / rate) : '?'}`);
  } else {
    parts.push(`${integer.format(state.value)}${unit}`);
    parts.push(`${integer.format(rate)}/s`);
    parts.push(formatDuration(seconds));
  }
  return parts.join(' ');
}

/**
 * A small progress bar for command-line tools. On a terminal it redraws one line in place with `\r`
 * (at most every `intervalMs`); when output goes to a file or a pipe it prints a plain line every
 * `intervalMs` instead, so logs stay readable. `done` always prints the final state on its own line.
 */
export function createProgressBar(options: ProgressBarOptions = {}): ProgressBar {
  const stream: ProgressStream = options.stream ?? process.stderr;
  const tty = options.isTTY ?? Boolean(stream.isTTY);
  const interval = options.intervalMs ?? (tty ? 100 : 2000);
  const now = options.now ?? (() => Date.now());
  const started = now();
  let value = 0;
  let lastDraw = started;
  let finished = false;

  const line = () => formatProgress({ label: options.label, unit: options.unit, value, total: options.total, elapsedMs: now() - started, width: options.width });
  const draw = (force: boolean) => {
    const at = now();
    if (!force && at - lastDraw < interval) return;
    lastDraw = at;
    stream.write(tty ? `\r${line()}\x1b[K` : `${line()}\n`);
  };

  return {
    tick(n = 1) {
      value += n;
      if (!finished) draw(false);
    },
    update(next: number) {
      value = next;
      if (!finished) draw(false);
    },
    done() {
      if (finished) return;
      finished = true;
      stream.write(tty ? `\r${line()}\x1b[K\n` : `${line()}\n`);
    },
    get value() {
      return value;
    },
  };
}

/**
 * `npm run bench:web [-- --runs N] [--pages landing,browse] [--form mobile|desktop|both] [--no-build]`
 *
 * Lighthouse 12 on the shopper site as a first-time visitor gets it:
 * - builds the shopper app for production (`nx run shopper:build`; `--no-build` uses the build already in dist/);
 * - starts a stack (libs/testing/e2e-harness `startStack`): the API on a temporary SQLite database seeded with the demo
 *   catalog of real products and its full price history (the deals page needs 30 days of history before it lists
 *   anything, the product page's chart shows up to a year), and the production build served as the browser tests
 *   serve it, /api passed on to the API; nginx in front of it compresses what it answers as production's does;
 * - launches the machine's Chromium once (chrome-launcher, headless) and audits every page `--runs` times (3 unless
 *   told) per form factor: mobile (Lighthouse's default: moto g power emulation, simulated slow 4G and 4x CPU
 *   throttling) and desktop (Lighthouse's desktop config), categories performance, accessibility, best practices and
 *   SEO. Lighthouse clears the origin's storage and the cache before each run;
 * - prints one table per form factor with the figures of each page's median run (by performance score), ✗ beside
 *   each figure that misses its target, and under it each page's worst diagnostics (by their estimated impact on the
 *   performance score, as Lighthouse's report orders them) and failing accessibility, best-practice and SEO audits;
 * - writes everything to tmp/bench-web.json and saves one row per page and form factor for `npm run bench`.
 * Pages: landing (/), results (a demo product's retailer link pasted after the site's address, which the app turns
 * into /new-search/<id>/<slug>), search (/search?q=noise+cancelling+headphones), browse, category (/browse/headphones),
 * product, favorites (a first-time visitor's: none yet) and deals. The product page (/product/<id>/<slug>) is audited
 * only once the site serves it: when `GET /product/<id>/x` answers HTML naming the product, not the SPA's shell.
 * Time: about 6 minutes for 42 runs (7 pages) on a busy 2-core machine, a run taking 7–11 s.
 * The npm script runs this file with `node --import tsx`, not tsx's command line: on Ctrl+C, that one kills a script
 * whose event loop is busy (Lighthouse's trace processing) before it can stop Chromium and the stack.
 */
import { spawn, spawnSync, type SpawnOptions } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import type { Config, Flags, Result } from 'lighthouse';
import type { BrowseResponse } from '@pricehunt/contracts';
import { slugify } from '@pricehunt/catalog-feeds';
import { CHROMIUM_PATH, freePort, NGINX_BINARY, NGINX_CONFIG_DIR, startProcess, startStack, waitForHttp, type Stack } from '@pricehunt/e2e-harness';
import { saveRows, type BenchRow } from './report';

const root = path.resolve(__dirname, '../..');

/**
 * Lighthouse, loaded by `import()`, as an ES module Node reads itself. Imported statically, tsx would compile it to
 * CommonJS with esbuild's keepNames, which wraps named functions in `__name(…)` calls; Lighthouse sends the source of
 * some of its functions to the page, where no `__name` exists, and every run fails with "__name is not defined".
 */
const loadLighthouse = async () => {
  const [{ default: lighthouse, desktopConfig }, { Util }] = await Promise.all([import('lighthouse'), import('lighthouse/shared/util.js')]);
  return { lighthouse, desktopConfig, computeLogNormalScore: Util.computeLogNormalScore.bind(Util) };
};
type Lighthouse = Awaited<ReturnType<typeof loadLighthouse>>;
const JSON_OUT = path.join(root, 'tmp/bench-web.json');
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const PAGE_NAMES = ['landing', 'results', 'search', 'browse', 'category', 'product', 'favorites', 'deals'] as const;
type PageName = (typeof PAGE_NAMES)[number];
const FORMS = ['mobile', 'desktop'] as const;
type Form = (typeof FORMS)[number];
const SEARCH_WORDS = 'noise cancelling headphones';
const CATEGORY = 'headphones';
const WORST_AUDITS = 5;

/** The targets; a figure that misses its own is marked ✗. SEO has none. */
const TARGETS = {
  perf: 0.95,
  lcpMs: 2500,
  cls: 0.05,
  tbtMs: 150,
  a11y: 1,
  bestPractices: 1,
};
const TARGETS_TEXT = 'perf ≥ 0.95, a11y 1.00, best practices 1.00, LCP < 2.5 s, TBT < 150 ms, CLS < 0.05';

interface Options {
  runs: number;
  pages: PageName[];
  forms: Form[];
  build: boolean;
}

function usage(message: string): never {
  console.error(`${message}\nusage: npm run bench:web -- [--runs N] [--pages ${PAGE_NAMES.join(',')}] [--form mobile|desktop|both] [--no-build]`);
  process.exit(2);
}

function readOptions(): Options {
  let parsed;
  try {
    parsed = parseArgs({
      options: {
        runs: { type: 'string', default: '3' },
        pages: { type: 'string', default: PAGE_NAMES.join(',') },
        form: { type: 'string', default: 'both' },
        'no-build': { type: 'boolean', default: false },
      },
    }).values;
  } catch (error) {
    usage((error as Error).message);
  }
  const runs = Number(parsed.runs);
  if (!Number.isInteger(runs) || runs < 1 || runs > 20) usage(`--runs must be a whole number from 1 to 20 (got "${parsed.runs}")`);
  const pages = (parsed.pages ?? '').split(',').map((name) => name.trim()).filter(Boolean);
  const unknown = pages.filter((name) => !(PAGE_NAMES as readonly string[]).includes(name));
  if (unknown.length || !pages.length) usage(`--pages must name pages among ${PAGE_NAMES.join(', ')} (got "${parsed.pages}")`);
  const form = parsed.form;
  if (form !== 'mobile' && form !== 'desktop' && form !== 'both') usage(`--form must be mobile, desktop or both (got "${form}")`);
  return {
    runs,
    pages: PAGE_NAMES.filter((name) => pages.includes(name)),
    forms: form === 'both' ? [...FORMS] : [form],
    build: !parsed['no-build'],
  };
}

function buildShopper(): void {
  console.log('building the shopper app (nx run shopper:build)…');
  const result = spawnSync('npx', ['nx', 'run', 'shopper:build', '--outputStyle=static'], {
    cwd: root,
    env: { ...process.env, NX_DAEMON: 'false' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (result.status !== 0) throw new Error(`nx run shopper:build failed (exit ${result.status})`);
}

/** A page to audit: its path on the shopper site, or why it is not audited. */
interface Page {
  name: PageName;
  path: string | null;
  note?: string;
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The product page of the category's first product, once the site serves one: `GET /product/<id>/x` must answer
 * HTML naming the product (the SPA's shell, which `vite preview` answers for any path, does not).
 */
async function productPage(stack: Stack, site: string): Promise<Page> {
  const res = await fetch(`${stack.apiUrl}/api/browse?category=${CATEGORY}&pageSize=1`);
  if (!res.ok) throw new Error(`GET /api/browse?category=${CATEGORY} answered ${res.status}`);
  const product = ((await res.json()) as BrowseResponse).items[0];
  if (!product) throw new Error(`the demo catalog has no product in ${CATEGORY}`);
  const probe = await fetch(`${site}/product/${product.id}/x`);
  const html = await probe.text();
  const isHtml = (probe.headers.get('content-type') ?? '').includes('text/html');
  if (probe.status === 200 && isHtml && (html.includes(product.title) || html.includes(escapeHtml(product.title)))) {
    return { name: 'product', path: `/product/${product.id}/${slugify(product.title)}` };
  }
  return { name: 'product', path: null, note: `not built yet (GET /product/${product.id}/x: ${probe.status}, ${isHtml ? 'HTML without the product title' : 'not HTML'})` };
}

async function resolvePages(names: PageName[], stack: Stack, site: string): Promise<Page[]> {
  const demoLink = /demo product link: (\S+)/.exec(stack.seedOutput)?.[1];
  const pages: Page[] = [];
  for (const name of names) {
    if (name === 'landing') pages.push({ name, path: '/' });
    else if (name === 'results') {
      if (!demoLink) throw new Error(`the seed printed no demo product link:\n${stack.seedOutput}`);
      // Pasted after the site's address, as a shopper does: the app turns it into /new-search/<id>/<slug>.
      pages.push({ name, path: `/${demoLink}` });
    } else if (name === 'search') pages.push({ name, path: `/search?q=${SEARCH_WORDS.replace(/ /g, '+')}` });
    else if (name === 'browse') pages.push({ name, path: '/browse' });
    else if (name === 'category') pages.push({ name, path: `/browse/${CATEGORY}` });
    else if (name === 'product') pages.push(await productPage(stack, site));
    else if (name === 'favorites') pages.push({ name, path: '/favorites' });
    else pages.push({ name, path: '/deals' });
  }
  return pages;
}

/** The figures of one Lighthouse run (scores 0–1, times in ms). */
interface Figures {
  perf: number | null;
  a11y: number | null;
  bestPractices: number | null;
  seo: number | null;
  fcpMs: number | null;
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
}

interface Run {
  figures?: Figures;
  error?: string;
  finalUrl?: string;
  benchmarkIndex?: number;
  seconds: number;
  warnings: string[];
}

/** A diagnostic of the median run, worst first. */
interface AuditNote {
  id: string;
  title: string;
  score: number | null;
  displayValue?: string;
  /** Estimated savings per metric (ms, CLS unitless). */
  savings: Record<string, number>;
  /** Estimated gain of the performance score (0–1) if the savings were made. */
  impact: number;
  /** The first element or URL the audit names. */
  where?: string;
}

interface PageResult {
  form: Form;
  page: PageName;
  path: string | null;
  note?: string;
  runs: Run[];
  median?: Figures & { run: number; finalUrl?: string };
  worstAudits: AuditNote[];
  /** Failing accessibility, best-practice and SEO audits of the median run, by category. */
  failing: Record<string, string[]>;
}

function figuresOf(lhr: Result): Figures {
  const score = (id: string) => lhr.categories[id]?.score ?? null;
  const value = (id: string) => lhr.audits[id]?.numericValue ?? null;
  return {
    perf: score('performance'),
    a11y: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    fcpMs: value('first-contentful-paint'),
    lcpMs: value('largest-contentful-paint'),
    tbtMs: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
  };
}

type AuditResult = Result['audits'][string];

/** As Lighthouse's report: not shown as passed when informative or erroneous, or scored below 0.9. */
function showAsPassed(audit: AuditResult): boolean {
  if (audit.scoreDisplayMode === 'manual' || audit.scoreDisplayMode === 'notApplicable') return true;
  if (audit.scoreDisplayMode === 'error' || audit.scoreDisplayMode === 'informative') return false;
  return Number(audit.score) >= 0.9;
}

/** The first DOM element (its snippet or selector) or URL an audit's details name. */
function firstHint(details: unknown, depth = 0): string | undefined {
  if (!details || typeof details !== 'object' || depth > 4) return undefined;
  const record = details as Record<string, unknown>;
  if (record.type === 'node') {
    const text = typeof record.snippet === 'string' ? record.snippet : typeof record.selector === 'string' ? record.selector : undefined;
    if (text) return text.replace(/\s+/g, ' ');
  }
  if (typeof record.url === 'string' && record.url) return record.url.replace(/^https?:\/\/127\.0\.0\.1:\d+/, '');
  const items = Array.isArray(record.items) ? record.items : Object.values(record);
  for (const item of items) {
    const hint = firstHint(item, depth + 1);
    if (hint) return hint;
  }
  return undefined;
}

/**
 * The performance diagnostics the median run fails, in the order of Lighthouse's report: lowest score first, then
 * the largest estimated gain of the performance score (the metric savings scored on each metric's curve, weighted).
 */
function worstAudits(lhr: Result, computeLogNormalScore: Lighthouse['computeLogNormalScore']): AuditNote[] {
  const category = lhr.categories.performance;
  if (!category) return [];
  const metrics = category.auditRefs
    .filter((ref) => ref.group === 'metrics' && ref.acronym)
    .map((ref) => ({ acronym: ref.acronym as string, weight: ref.weight, audit: lhr.audits[ref.id] }));
  const totalWeight = category.auditRefs.reduce((sum, ref) => sum + ref.weight, 0) || 1;
  const impactOf = (audit: AuditResult) => {
    let overall = 0;
    let linear = 0;
    for (const [acronym, savings] of Object.entries(audit.metricSavings ?? {})) {
      const metric = metrics.find((m) => m.acronym === acronym);
      const value = metric?.audit?.numericValue;
      if (savings === undefined || !metric?.audit || metric.audit.score === null || !value) continue;
      linear += (savings / value) * metric.weight;
      const options = metric.audit.scoringOptions;
      if (options) overall += (computeLogNormalScore(options, value - savings) - metric.audit.score) * metric.weight;
    }
    return { overall: overall / totalWeight, linear };
  };
  const notes = category.auditRefs
    .filter((ref) => ref.group === 'diagnostics')
    .map((ref) => lhr.audits[ref.id])
    .filter((audit): audit is AuditResult => !!audit && !showAsPassed(audit))
    .map((audit) => ({ audit, guidance: audit.guidanceLevel ?? 1, ...impactOf(audit) }));
  notes.sort(
    (a, b) =>
      (a.audit.score ?? 0) - (b.audit.score ?? 0) ||
      b.overall * b.guidance - a.overall * a.guidance ||
      b.linear * b.guidance - a.linear * a.guidance ||
      b.guidance - a.guidance,
  );
  return notes.slice(0, WORST_AUDITS).map(({ audit, overall }) => ({
    id: audit.id,
    title: audit.title,
    score: audit.score,
    displayValue: audit.displayValue,
    savings: Object.fromEntries(Object.entries(audit.metricSavings ?? {}).filter((entry): entry is [string, number] => typeof entry[1] === 'number' && entry[1] > 0)),
    impact: overall,
    where: firstHint(audit.details),
  }));
}

/** The audits of a scored category (accessibility, best practices, SEO) the run fails. */
function failingAudits(lhr: Result, categoryId: string): string[] {
  const category = lhr.categories[categoryId];
  if (!category) return [];
  return category.auditRefs
    .filter((ref) => ref.weight > 0)
    .map((ref) => lhr.audits[ref.id])
    .filter((audit): audit is AuditResult => !!audit && audit.score !== null && audit.score < 1 && (audit.scoreDisplayMode === 'binary' || audit.scoreDisplayMode === 'numeric'))
    .map((audit) => audit.id);
}

/** The run in the middle by performance score (the lower middle for an even count); failed runs are left out. */
function medianRun(runs: Run[]): number | undefined {
  const scored = runs
    .map((run, index) => ({ index, perf: run.figures?.perf }))
    .filter((entry): entry is { index: number; perf: number } => typeof entry.perf === 'number')
    .sort((a, b) => a.perf - b.perf);
  return scored[Math.floor((scored.length - 1) / 2)]?.index;
}

const score = (value: number | null | undefined) => (value === null || value === undefined ? '–' : value.toFixed(2));
const seconds = (ms: number | null | undefined) => (ms === null || ms === undefined ? '–' : `${(ms / 1000).toFixed(1)} s`);
const millis = (ms: number | null | undefined) => (ms === null || ms === undefined ? '–' : `${Math.round(ms).toLocaleString('en-US')} ms`);
const shift = (value: number | null | undefined) => (value === null || value === undefined ? '–' : value.toFixed(3));
const mark = (text: string, ok: boolean | undefined) => (ok === false ? `${text} ✗` : text);

/** Whether each figure meets its target (undefined: no figure, or no target). */
function verdicts(f: Figures) {
  const atLeast = (value: number | null, target: number) => (value === null ? undefined : value >= target);
  const below = (value: number | null, target: number) => (value === null ? undefined : value < target);
  return {
    perf: atLeast(f.perf, TARGETS.perf),
    a11y: atLeast(f.a11y, TARGETS.a11y),
    bestPractices: atLeast(f.bestPractices, TARGETS.bestPractices),
    lcp: below(f.lcpMs, TARGETS.lcpMs),
    tbt: below(f.tbtMs, TARGETS.tbtMs),
    cls: below(f.cls, TARGETS.cls),
  };
}

function printFormTable(form: Form, results: PageResult[], runs: number): void {
  const header = ['page', 'perf', 'a11y', 'best practices', 'SEO', 'FCP', 'LCP', 'TBT', 'CLS'];
  const body = results.map((r) => {
    if (!r.median) {
      const why = r.note ?? `failed: ${r.runs.map((run) => run.error).filter(Boolean)[0] ?? 'no run scored'}`;
      return [r.page, why];
    }
    const m = r.median;
    const ok = verdicts(m);
    return [
      r.page,
      mark(score(m.perf), ok.perf),
      mark(score(m.a11y), ok.a11y),
      mark(score(m.bestPractices), ok.bestPractices),
      score(m.seo),
      seconds(m.fcpMs),
      mark(seconds(m.lcpMs), ok.lcp),
      mark(millis(m.tbtMs), ok.tbt),
      mark(shift(m.cls), ok.cls),
    ];
  });
  // A row without figures spans the columns after the page's name.
  const widths = header.map((h, i) => Math.max(h.length, ...body.filter((row) => row.length === header.length).map((row) => (row[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 || i === cells.length - 1 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ').trimEnd();
  console.log(`\nShopper site, ${form} (Lighthouse ${lighthouseVersion()}, median of ${runs} run${runs === 1 ? '' : 's'} by performance score; ✗ misses: ${TARGETS_TEXT})`);
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of body) console.log(row.length === header.length ? line(row) : `${(row[0] ?? '').padEnd(widths[0] ?? 0)}  ${row[1] ?? ''}`);
}

function printWorstAudits(form: Form, results: PageResult[]): void {
  console.log(`\nWorst audits, ${form} (median run; performance diagnostics by estimated impact, then failing audits of the other categories)`);
  for (const r of results) {
    if (!r.median) continue;
    console.log(`${r.page} (${r.median.finalUrl ?? r.path})`);
    if (!r.worstAudits.length) console.log('  no failing performance diagnostics');
    r.worstAudits.forEach((audit, i) => {
      const savings = Object.entries(audit.savings)
        .map(([metric, value]) => (metric === 'CLS' ? `CLS −${value.toFixed(3)}` : `${metric} −${Math.round(value).toLocaleString('en-US')} ms`))
        .join(', ');
      const parts = [audit.displayValue, savings && `saves ${savings}`, audit.impact >= 0.005 && `perf +${audit.impact.toFixed(2)}`].filter(Boolean).join('; ');
      const where = audit.where ? `  ${audit.where.length > 100 ? `${audit.where.slice(0, 99)}…` : audit.where}` : '';
      console.log(`  ${i + 1}. ${audit.id}${parts ? ` (${parts})` : ''}${where}`);
    });
    const failing = Object.entries(r.failing)
      .map(([category, ids]) => `${category}: ${ids.length ? ids.join(', ') : 'none'}`)
      .join(' · ');
    console.log(`  failing ${failing}`);
  }
}

let version: string | undefined;
function lighthouseVersion(): string {
  version ??= (JSON.parse(fs.readFileSync(require.resolve('lighthouse/package.json'), 'utf8')) as { version: string }).version;
  return version;
}

/** One row per page and form factor for `npm run bench`. */
function benchRows(results: PageResult[]): BenchRow[] {
  return results.map((r) => {
    const bench = `web ${r.form}`;
    if (!r.median) return { bench, metric: r.page, value: r.note ?? 'failed', ...(r.note ? {} : { pass: false }) };
    const m = r.median;
    const ok = verdicts(m);
    return {
      bench,
      metric: r.page,
      value: `perf ${score(m.perf)}, a11y ${score(m.a11y)}, BP ${score(m.bestPractices)}, SEO ${score(m.seo)}, LCP ${seconds(m.lcpMs)}, TBT ${millis(m.tbtMs)}, CLS ${shift(m.cls)}`,
      target: 'perf ≥ .95, a11y = BP = 1, LCP < 2.5 s, TBT < 150 ms, CLS < .05',
      pass: Object.values(ok).every((value) => value !== false),
    };
  });
}

/** The Chromium of the run: its DevTools port, and a way to stop it. */
interface Chromium {
  port: number;
  stop(): Promise<void>;
}

/**
 * Starts the machine's Chromium through chrome-launcher, in this process's group rather than one of its own
 * (chrome-launcher detaches it): Ctrl+C then reaches it too, even when this process dies before it can stop it.
 */
async function launchChromium(userDataDir: string): Promise<Chromium> {
  const inThisGroup = ((command: string, args: readonly string[], options: SpawnOptions) => spawn(command, args, { ...options, detached: false })) as typeof spawn;
  const launcher = new chromeLauncher.Launcher({ chromePath: CHROMIUM_PATH, chromeFlags: CHROME_FLAGS, userDataDir, logLevel: 'silent' }, { spawn: inThisGroup });
  const stop = async () => {
    const child = launcher.chromeProcess;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    const waited = (ms: number) => Promise.race([exited.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms).unref())]);
    child.kill('SIGTERM');
    if (!(await waited(5000))) {
      child.kill('SIGKILL');
      await waited(5000);
    }
  };
  try {
    await launcher.launch();
  } catch (error) {
    await stop();
    throw error;
  }
  return { port: launcher.port as number, stop };
}

/** What stands between the browser and the stack's site: its address, and a way to stop it. */
interface Front {
  url: string;
  stop(): Promise<void>;
}

/**
 * nginx in front of the stack's site with the compression of production's (the `gzip…` lines of
 * deploy/nginx/pricehunt.conf), so that the pages come as compressed as shoppers get them: the stack serves the
 * site's files and passes /api on without nginx, and what serves them (vite preview, the shopper site's own server)
 * may compress some answers or none. Without nginx on the machine, the stack's site is measured as it is.
 */
async function startGzipFront(site: string, dir: string): Promise<Front> {
  if (!fs.existsSync(NGINX_BINARY)) {
    console.warn(`nginx is not installed (${NGINX_BINARY}): measuring the stack's site as it answers, compressed or not`);
    return { url: site, stop: async () => undefined };
  }
  // Production's nginx serves the built files itself, scripts as application/javascript (its mime.types); the
  // shopper site's own server labels them text/javascript, which the list must name for them to be compressed alike.
  const gzip = fs
    .readFileSync(path.join(NGINX_CONFIG_DIR, 'pricehunt.conf'), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.startsWith('gzip'))
    .map((line) => (line.startsWith('gzip_types ') && !line.includes(' text/javascript') ? line.replace(/;$/, ' text/javascript;') : line));
  if (!gzip.some((line) => line.startsWith('gzip_types '))) throw new Error('deploy/nginx/pricehunt.conf has no gzip settings to copy');
  const port = await freePort();
  const at = (name: string) => path.join(dir, name);
  const config = [
    'worker_processes 1;',
    `pid ${at('nginx.pid')};`,
    `error_log ${at('error.log')} warn;`,
    'events { worker_connections 256; }',
    'http {',
    '    access_log off;',
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `    ${kind}_temp_path ${at(`tmp-${kind}`)};`),
    ...gzip.map((line) => `    ${line}`),
    '    server {',
    `        listen 127.0.0.1:${port};`,
    '        location / {',
    `            proxy_pass ${site};`,
    '            proxy_http_version 1.1;',
    '            proxy_set_header Host $http_host;',
    // Answers are held in memory, never in temporary files (which nginx's workers may not be allowed to write).
    '            proxy_max_temp_file_size 0;',
    '        }',
    '    }',
    '}',
    '',
  ].join('\n');
  fs.writeFileSync(at('nginx.conf'), config);
  const nginx = startProcess('nginx', NGINX_BINARY, ['-p', `${dir}/`, '-c', at('nginx.conf'), '-e', at('error.log'), '-g', 'daemon off;']);
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(url, 15_000, nginx);
  } catch (error) {
    await nginx.stop();
    throw error;
  }
  return { url, stop: () => nginx.stop('SIGQUIT') };
}

async function main() {
  const options = readOptions();
  if (!fs.existsSync(CHROMIUM_PATH)) throw new Error(`Chromium not found at ${CHROMIUM_PATH} (CHROMIUM_PATH overrides it)`);
  // Kept as promises, so that a signal arriving while either starts still stops it.
  let stackStart: Promise<Stack> | undefined;
  let frontStart: Promise<Front> | undefined;
  let chromeStart: Promise<Chromium> | undefined;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pricehunt-bench-web-'));
  fs.mkdirSync(path.join(dir, 'chromium'));
  fs.mkdirSync(path.join(dir, 'nginx'));
  let releasing: Promise<void> | undefined;
  const release = () =>
    (releasing ??= (async () => {
      const chrome = await chromeStart?.catch(() => undefined);
      await chrome?.stop();
      const front = await frontStart?.catch(() => undefined);
      await front?.stop();
      const stack = await stackStart?.catch(() => undefined);
      await stack?.stop();
      fs.rmSync(dir, { recursive: true, force: true, maxRetries: 10 });
    })());
  const onSignal = (signal: NodeJS.Signals) => {
    // The same signal may come twice: from the terminal to the process group, and relayed by npm and tsx.
    if (releasing) return;
    console.error(`\n${signal}: stopping Chromium and the stack…`);
    void release().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  const started = Date.now();
  try {
    const lh = await loadLighthouse();
    if (options.build) buildShopper();
    console.log('starting the API on the demo catalog and the shopper build…');
    stackStart = startStack({ apps: ['shopper'], demo: true });
    const stack = await stackStart;
    frontStart = startGzipFront(stack.appUrls.shopper as string, path.join(dir, 'nginx'));
    const site = (await frontStart).url;
    const pages = await resolvePages(options.pages, stack, site);
    chromeStart = launchChromium(path.join(dir, 'chromium'));
    const chrome = await chromeStart;
    const browserVersion = ((await (await fetch(`http://127.0.0.1:${chrome.port}/json/version`)).json()) as { Browser: string }).Browser;
    console.log(`${browserVersion}, Lighthouse ${lighthouseVersion()}, ${site}${site === stack.appUrls.shopper ? '' : ` (nginx, compressing, in front of ${stack.appUrls.shopper})`}`);
    for (const page of pages) console.log(`  ${page.name.padEnd(9)} ${page.path ?? page.note}`);

    const audited = pages.filter((page) => page.path !== null);
    const total = audited.length * options.forms.length * options.runs;
    let done = 0;
    const results: PageResult[] = [];
    for (const form of options.forms) {
      const config: Config | undefined = form === 'desktop' ? lh.desktopConfig : undefined;
      for (const page of pages) {
        const result: PageResult = { form, page: page.name, path: page.path, note: page.note, runs: [], worstAudits: [], failing: {} };
        results.push(result);
        if (page.path === null) continue;
        const lhrs: Result[] = [];
        for (let i = 0; i < options.runs; i++) {
          const t = Date.now();
          const flags: Flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES };
          const run: Run = { seconds: 0, warnings: [] };
          try {
            const answer = await lh.lighthouse(site + page.path, flags, config);
            const lhr = answer?.lhr;
            if (!lhr) throw new Error('Lighthouse answered no result');
            run.finalUrl = lhr.finalDisplayedUrl.replace(site, '');
            run.benchmarkIndex = lhr.environment.benchmarkIndex;
            run.warnings = lhr.runWarnings.map(String);
            if (lhr.runtimeError) run.error = `${lhr.runtimeError.code}: ${lhr.runtimeError.message}`;
            else {
              run.figures = figuresOf(lhr);
              lhrs[i] = lhr;
            }
          } catch (error) {
            run.error = error instanceof Error ? error.message : String(error);
          }
          run.seconds = (Date.now() - t) / 1000;
          result.runs.push(run);
          done++;
          const f = run.figures;
          const outcome = f ? `perf ${score(f.perf)}, LCP ${seconds(f.lcpMs)}, TBT ${millis(f.tbtMs)}, CLS ${shift(f.cls)}` : `failed: ${run.error}`;
          console.log(`[${String(done).padStart(String(total).length)}/${total}] ${form} ${page.name} run ${i + 1}/${options.runs}: ${outcome} (${run.seconds.toFixed(0)} s)`);
        }
        const index = medianRun(result.runs);
        const medianOf = index === undefined ? undefined : result.runs[index];
        const medianLhr = index === undefined ? undefined : lhrs[index];
        if (medianOf?.figures && medianLhr && index !== undefined) {
          result.median = { ...medianOf.figures, run: index + 1, finalUrl: medianOf.finalUrl };
          result.worstAudits = worstAudits(medianLhr, lh.computeLogNormalScore);
          result.failing = {
            accessibility: failingAudits(medianLhr, 'accessibility'),
            'best practices': failingAudits(medianLhr, 'best-practices'),
            SEO: failingAudits(medianLhr, 'seo'),
          };
        }
      }
    }

    const minutes = (Date.now() - started) / 60_000;
    for (const form of options.forms) {
      const ofForm = results.filter((r) => r.form === form);
      printFormTable(form, ofForm, options.runs);
      printWorstAudits(form, ofForm);
    }
    const indexes = results.flatMap((r) => r.runs.map((run) => run.benchmarkIndex)).filter((v): v is number => v !== undefined).sort((a, b) => a - b);
    const warnings = [...new Set(results.flatMap((r) => r.runs.flatMap((run) => run.warnings)))];
    console.log(`\n${total} Lighthouse run${total === 1 ? '' : 's'} in ${minutes.toFixed(1)} min; this machine's benchmark index (Lighthouse's CPU yardstick): median ${indexes[Math.floor(indexes.length / 2)] ?? '–'}`);
    for (const warning of warnings) console.log(`Lighthouse warned: ${warning}`);

    fs.mkdirSync(path.dirname(JSON_OUT), { recursive: true });
    fs.writeFileSync(
      JSON_OUT,
      JSON.stringify({ date: new Date().toISOString(), lighthouse: lighthouseVersion(), browser: browserVersion, runs: options.runs, targets: TARGETS, minutes, results }, null, 2),
    );
    console.log(`summary: ${path.relative(root, JSON_OUT)}`);
    saveRows('web', benchRows(results));
    if (results.some((r) => r.path !== null && !r.median)) process.exitCode = 1;
  } finally {
    await release();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

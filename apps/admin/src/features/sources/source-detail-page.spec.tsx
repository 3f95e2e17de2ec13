import { errorResponse, feedRun, feedSource, jsonResponse, minutesFromNow } from '@pricehunt/api-client/testing';
import type { FeedRun, FeedSource } from '@pricehunt/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminAccount, renderApp } from '../../testing/render';

let restore: (() => void) | undefined;
afterEach(() => restore?.());

const runs: FeedRun[] = [
  feedRun({ id: 'r3', status: 'failed', startedAt: '2026-03-01T18:00:00.000Z', finishedAt: '2026-03-01T18:00:04.000Z', rowsRead: 0, added: 0, changed: 0, unchanged: 0, gone: 0, error: 'The feed answered HTTP 503' }),
  feedRun({ id: 'r2', status: 'not-modified', startedAt: '2026-03-01T12:00:00.000Z', finishedAt: '2026-03-01T12:00:01.000Z', rowsRead: 0, added: 0, changed: 0, unchanged: 0, gone: 0 }),
  feedRun({ id: 'r1', startedAt: '2026-03-01T06:00:00.000Z', finishedAt: '2026-03-01T06:03:05.000Z', rowsRead: 1250, added: 1200, changed: 0, unchanged: 50, gone: 0, rejected: 3, importRunId: 'imp-1' }),
];

const source = feedSource({ failures: 2, lastRun: runs[0] as FeedRun, nextRunAt: minutesFromNow(20) });

function detail(answer: () => { source: FeedSource; runs: FeedRun[] } | Response, extra: Record<string, () => Response> = {}) {
  const view = renderApp('/admin/catalog/sources/src-bestbuy', {
    signedInAs: adminAccount,
    routes: {
      'GET /api/admin/feed-sources/src-bestbuy': () => {
        const value = answer();
        return 'source' in value ? jsonResponse({ success: true, ...value }) : value;
      },
      ...extra,
    },
  });
  restore = view.restore;
  return view;
}

describe('feed source detail page', () => {
  it('shows the source, its failure in red, a chart of its runs and a table of them', async () => {
    detail(() => ({ source, runs }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Best Buy feed' })).toBeInTheDocument();
    const facts = screen.getByRole('region', { name: 'Source' });
    expect(within(facts).getByRole('link', { name: source.url })).toHaveAttribute('href', source.url);
    expect(facts).toHaveTextContent('Google Merchant Center (TSV)');
    expect(facts).toHaveTextContent('every 6 h');
    expect(facts).toHaveTextContent('in 20 min');
    const failure = within(facts).getByText(/The feed answered HTTP 503/);
    expect(failure).toHaveClass('adm-failure');
    expect(failure).toHaveTextContent('Failed 2 times in a row: The feed answered HTTP 503');

    const card = screen.getByRole('region', { name: 'Last 3 runs' });
    const chart = within(card).getByRole('img', { name: 'Offers added, changed and gone per run, oldest first' });
    expect(chart).toHaveAccessibleDescription('Totals over the period: Added: 1200, Changed: 0, Gone: 0');
    // Three runs of one day: the axis shows their times, oldest first.
    expect(Array.from(chart.querySelectorAll('text.adm-chart__tick')).map((t) => t.textContent).filter((t) => t?.includes(':'))).toEqual(['06:00', '12:00', '18:00']);

    const table = within(card).getByRole('table', { name: 'Runs of the Best Buy feed, newest first' });
    const [, failed, notModified, succeeded] = within(table).getAllByRole('row');
    expect(failed).toHaveTextContent('Mar 1, 2026, 6:00 PM UTC');
    expect(failed).toHaveTextContent('4 s');
    expect(within(failed as HTMLElement).getByText('Failed')).toHaveClass('adm-badge--run-failed');
    expect(within(failed as HTMLElement).getByText('The feed answered HTTP 503')).toHaveClass('adm-failure');
    expect(within(notModified as HTMLElement).getByText('Not modified')).toHaveClass('adm-badge');
    expect(succeeded).toHaveTextContent('3 min 5 s');
    expect(within(succeeded as HTMLElement).getAllByRole('cell').map((cell) => cell.textContent).slice(3, 9)).toEqual(['1,250', '1,200', '0', '50', '0', '3']);
    expect(within(succeeded as HTMLElement).getByRole('link', { name: /Import report of the run started/ })).toHaveAttribute('href', '/admin/catalog/imports/imp-1');
  });

  it('says a new source has no runs yet and when it runs', async () => {
    detail(() => ({ source: feedSource({ lastRun: null, nextRunAt: minutesFromNow(-5) }), runs: [] }));
    expect(await screen.findByText('No runs yet. Its first run is due 5 min ago.')).toBeInTheDocument();
  });

  it('shows a skeleton while loading, and the API’s message for a source that does not exist', async () => {
    let answer: (response: Response) => void = () => undefined;
    let asked = false;
    const held = () =>
      new Promise<Response>((resolve) => {
        answer = resolve;
        asked = true;
      });
    restore = renderApp('/admin/catalog/sources/gone', { signedInAs: adminAccount, routes: { 'GET /api/admin/feed-sources/gone': held } }).restore;
    expect(await screen.findByRole('status', { name: 'Loading the source…' })).toHaveAttribute('aria-busy', 'true');
    // The skeleton may show before the page has asked for the source: the answer is given to the request once made.
    await waitFor(() => expect(asked).toBe(true));
    answer(errorResponse(404, 'NOT_FOUND', 'No feed source with this id'));
    expect(await screen.findByRole('alert')).toHaveTextContent('No feed source with this id');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('follows a run every 2 s until it ends', async () => {
    const answers = [
      { source: feedSource({ running: true, lastRun: feedRun({ id: 'r9', status: 'running', startedAt: minutesFromNow(0), finishedAt: null }) }), runs: [] as FeedRun[] },
      {
        source: feedSource({ lastRun: feedRun({ id: 'r9', added: 9 }) }),
        runs: [feedRun({ id: 'r9', added: 9, changed: 0, gone: 0, rejected: 0, rowsRead: 9, unchanged: 0 })],
      },
    ];
    detail(() => (answers.length > 1 ? (answers.shift() as (typeof answers)[number]) : (answers[0] as (typeof answers)[number])));
    expect(await screen.findByText('Running', { selector: '.adm-badge' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Run now: Best Buy' })).toBeDisabled();
    expect(await screen.findByRole('region', { name: 'Last run' })).toBeInTheDocument();
    expect(screen.getByText('Active', { selector: '.adm-badge' })).toBeInTheDocument();
  });

  it('goes back to the list once the source is removed', async () => {
    let removed = false;
    const view = detail(() => ({ source, runs }), {
      'DELETE /api/admin/feed-sources/src-bestbuy': () => {
        removed = true;
        return jsonResponse({ success: true, removed: true });
      },
      'GET /api/admin/feed-sources': () => jsonResponse({ success: true, items: removed ? [] : [source] }),
      'GET /api/admin/retailers': () => jsonResponse({ success: true, items: [] }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Remove Best Buy' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove source' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Feed sources' })).toBeInTheDocument();
    expect(screen.getByText('The source of Best Buy is removed.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'No feed sources yet' })).toBeInTheDocument();
    await waitFor(() => expect(view.mock.requestsTo('DELETE /api/admin/feed-sources/src-bestbuy')).toHaveLength(1));
    expect(view.mock.unhandled).toEqual([]);
  });
});

import { errorResponse, feedRun, feedSource, jsonResponse, minutesFromNow, type RecordedRequest } from '@pricehunt/api-client/testing';
import { FEED_SOURCE_POLL_MS, feedSourcePollInterval, type AdminRetailer, type FeedSource } from '@pricehunt/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminAccount, renderApp } from '../../testing/render';
import { shortUrl } from './sources-table';

let restore: (() => void) | undefined;
afterEach(() => restore?.());

const retailers: AdminRetailer[] = [
  { id: 'bestbuy', name: 'Best Buy', domains: ['bestbuy.com'], affiliateParam: null, offers: 120, lastImportAt: null },
  { id: 'target', name: 'Target', domains: ['target.com'], affiliateParam: null, offers: 40, lastImportAt: null },
];

const failing = feedSource({
  id: 'src-target',
  url: 'https://target.example.com/feed.xml',
  format: 'gmc-xml',
  retailerId: 'target',
  retailerName: 'Target',
  intervalMinutes: 30,
  failures: 3,
  nextRunAt: minutesFromNow(45),
  lastRun: feedRun({ id: 'run-t', status: 'failed', error: 'The feed answered HTTP 503', added: 0, changed: 0, gone: 0, unchanged: 0, rowsRead: 0 }),
});

/** Routes of the Sources page: the list answers `list()` each time it is asked. */
function page(list: () => FeedSource[], extra: Record<string, (request: RecordedRequest) => Response> = {}) {
  const view = renderApp('/admin/catalog/sources', {
    signedInAs: adminAccount,
    routes: {
      'GET /api/admin/feed-sources': () => jsonResponse({ success: true, items: list() }),
      'GET /api/admin/retailers': () => jsonResponse({ success: true, items: retailers }),
      ...extra,
    },
  });
  restore = view.restore;
  return view;
}

const rowOf = async (name: string) => (await screen.findByRole('link', { name })).closest('tr') as HTMLElement;

describe('feed sources page', () => {
  it('lists each source with its schedule, status, last run and next run; a failing one in red with its failures in a row', async () => {
    const notModified = feedSource({
      id: 'src-acme',
      retailerId: 'acme',
      retailerName: 'Acme',
      url: 'https://acme.example/feed.tsv',
      status: 'paused',
      intervalMinutes: 1440,
      lastRun: feedRun({ status: 'not-modified', added: 0, changed: 0, gone: 0 }),
    });
    page(() => [feedSource(), failing, notModified]);

    const table = await screen.findByRole('table', { name: 'Feed sources' });
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Retailer and feed URL',
      'Format',
      'Interval',
      'Status',
      'Last run',
      'Next run',
      'Actions',
    ]);

    const bestBuy = await rowOf('Best Buy');
    expect(bestBuy).toHaveTextContent('feeds.example.com/…/bestbuy-products.tsv');
    expect(within(bestBuy).getByTitle('https://feeds.example.com/exports/2026/bestbuy-products.tsv')).toBeInTheDocument();
    expect(bestBuy).toHaveTextContent('Google Merchant Center (TSV)');
    expect(bestBuy).toHaveTextContent('every 6 h');
    expect(within(bestBuy).getByText('Active')).toHaveClass('adm-badge');
    expect(bestBuy).toHaveTextContent('59 min ago+3 added · 1 changed · 2 gone · 0 rejected');
    expect(bestBuy).toHaveTextContent('in 3 h');
    expect(within(bestBuy).getByRole('link', { name: 'Best Buy' })).toHaveAttribute('href', '/admin/catalog/sources/src-bestbuy');

    const target = await rowOf('Target');
    expect(target).toHaveTextContent('Google Merchant Center (XML)');
    expect(target).toHaveTextContent('every 30 min');
    const failure = within(target).getByText(/The feed answered HTTP 503/);
    expect(failure).toHaveClass('adm-failure');
    expect(failure).toHaveTextContent('Failed 3 times in a row: The feed answered HTTP 503');

    const acme = await rowOf('Acme');
    expect(within(acme).getByText('Paused', { selector: '.adm-badge' })).toBeInTheDocument();
    expect(acme).toHaveTextContent('every day');
    expect(acme).toHaveTextContent('Not modified');
    expect(within(acme).getByRole('button', { name: 'Run now: Acme' })).toBeDisabled();
    expect(within(acme).getByRole('button', { name: 'Resume Acme' })).toBeEnabled();
  });

  it('shows a table-shaped skeleton while loading, then says there are no sources yet', async () => {
    let answer: (response: Response) => void = () => undefined;
    page(() => [], { 'GET /api/admin/feed-sources': () => new Promise<Response>((resolve) => (answer = resolve)) as unknown as Response });
    const skeleton = await screen.findByRole('status', { name: 'Loading feed sources…' });
    expect(skeleton).toHaveAttribute('aria-busy', 'true');
    expect(skeleton.querySelectorAll('th')).toHaveLength(7);
    answer(jsonResponse({ success: true, items: [] }));
    expect(await screen.findByRole('heading', { name: 'No feed sources yet' })).toBeInTheDocument();
    expect(screen.getByText(/Add one with the form below/)).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading feed sources…' })).not.toBeInTheDocument();
  });

  it('says why the list failed to load and loads it again on Try again', async () => {
    let calls = 0;
    page(() => [], {
      'GET /api/admin/feed-sources': () => (++calls === 1 ? errorResponse(503, 'UNAVAILABLE', 'The database is busy') : jsonResponse({ success: true, items: [feedSource()] })),
    });
    const user = userEvent.setup();
    expect(await screen.findByRole('alert')).toHaveTextContent('The database is busy');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Best Buy' })).toBeInTheDocument();
  });

  it('keeps the sources on screen when a refresh fails, under the reason', async () => {
    let failing = false;
    page(() => [feedSource()], {
      'GET /api/admin/feed-sources': () => (failing ? errorResponse(503, 'UNAVAILABLE', 'The database is busy') : jsonResponse({ success: true, items: [feedSource()] })),
      'PATCH /api/admin/feed-sources/src-bestbuy': () => {
        failing = true;
        return jsonResponse({ success: true, source: feedSource({ status: 'paused' }) });
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Pause Best Buy' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The database is busy');
    expect(screen.getByRole('link', { name: 'Best Buy' })).toBeInTheDocument();
  });

  it('adds a source: the API’s messages go under the field they name, and the new source is listed', async () => {
    let items: FeedSource[] = [];
    const answers = [
      () =>
        errorResponse(400, 'VALIDATION_ERROR', 'url: url must be an http(s) address without credentials, such as https://shop.example.com/feed.tsv', {
          field: 'url',
          details: [{ field: 'url', message: 'url must be an http(s) address without credentials, such as https://shop.example.com/feed.tsv' }],
        }),
      () => errorResponse(409, 'CONFLICT', 'This retailer’s offers already come from another feed source', { field: 'retailerId' }),
      () => errorResponse(400, 'VALIDATION_ERROR', 'intervalMinutes: intervalMinutes must be at least 5', { details: [{ field: 'intervalMinutes', message: 'intervalMinutes must be at least 5' }] }),
      () => {
        const source = feedSource({ id: 'src-new', retailerId: 'corner-kitchen', retailerName: 'Corner Kitchen', url: 'https://corner.example/feed.xml', format: 'gmc-xml', lastRun: null, nextRunAt: minutesFromNow(0), intervalMinutes: 90 });
        items = [source];
        return jsonResponse({ success: true, source }, { status: 201 });
      },
    ];
    const view = page(() => items, { 'POST /api/admin/feed-sources': () => (answers.shift() as () => Response)() });
    const user = userEvent.setup();
    const form = await screen.findByRole('region', { name: 'Add source' });
    await within(form).findByRole('option', { name: 'Target' });

    // No retailer chosen: said at once, nothing sent.
    await user.type(within(form).getByLabelText('Feed URL'), 'not a url');
    await user.click(within(form).getByRole('button', { name: 'Add source' }));
    expect(within(form).getByLabelText('Retailer')).toHaveAccessibleDescription(/Choose a retailer/);
    expect(view.mock.requestsTo('POST /api/admin/feed-sources')).toHaveLength(0);

    await user.selectOptions(within(form).getByLabelText('Retailer'), 'bestbuy');
    await user.click(within(form).getByRole('button', { name: 'Add source' }));
    await waitFor(() => expect(within(form).getByLabelText('Feed URL')).toHaveAccessibleDescription(/url must be an http\(s\) address without credentials/));
    expect(within(form).getByLabelText('Feed URL')).toHaveAttribute('aria-invalid', 'true');
    expect(view.mock.requestsTo('POST /api/admin/feed-sources')[0]?.body).toEqual({ url: 'not a url', format: 'gmc-tsv', retailerId: 'bestbuy', intervalMinutes: 360 });

    await user.clear(within(form).getByLabelText('Feed URL'));
    await user.type(within(form).getByLabelText('Feed URL'), 'https://corner.example/feed.xml');
    await user.click(within(form).getByRole('button', { name: 'Add source' }));
    await waitFor(() => expect(within(form).getByLabelText('Retailer')).toHaveAccessibleDescription(/already come from another feed source/));
    expect(within(form).getByLabelText('Feed URL')).not.toHaveAttribute('aria-invalid');

    await user.selectOptions(within(form).getByLabelText('Retailer'), 'New retailer…');
    await user.type(within(form).getByLabelText('New retailer name'), 'Corner Kitchen');
    await user.selectOptions(within(form).getByLabelText('Format'), 'Google Merchant Center (XML)');
    await user.clear(within(form).getByLabelText('Refresh every'));
    await user.type(within(form).getByLabelText('Refresh every'), '1');
    await user.selectOptions(within(form).getByLabelText('Interval unit'), 'minutes');
    await user.click(within(form).getByRole('button', { name: 'Add source' }));
    await waitFor(() => expect(within(form).getByLabelText('Refresh every')).toHaveAccessibleDescription(/intervalMinutes must be at least 5/));

    await user.clear(within(form).getByLabelText('Refresh every'));
    await user.type(within(form).getByLabelText('Refresh every'), '1.5');
    await user.selectOptions(within(form).getByLabelText('Interval unit'), 'hours');
    await user.click(within(form).getByRole('button', { name: 'Add source' }));
    expect(await screen.findByText('Added the source of Corner Kitchen: its first run is due now.')).toBeInTheDocument();
    expect(view.mock.requestsTo('POST /api/admin/feed-sources')[3]?.body).toEqual({
      url: 'https://corner.example/feed.xml',
      format: 'gmc-xml',
      retailerName: 'Corner Kitchen',
      intervalMinutes: 90,
    });
    const row = await rowOf('Corner Kitchen');
    expect(row).toHaveTextContent('every 1 h 30 min');
    expect(row).toHaveTextContent('Never run');
    expect(row).toHaveTextContent('due now');
    expect(within(form).getByLabelText('Feed URL')).toHaveValue('');
  });

  it('runs a source now and follows it every 2 s from Running to its result', async () => {
    let state: 'idle' | 'queued' | 'running' | 'done' = 'idle';
    const idle = feedSource();
    const list = () => {
      if (state === 'queued') {
        state = 'running';
        return [{ ...idle, nextRunAt: minutesFromNow(0) }];
      }
      if (state === 'running') {
        state = 'done';
        return [{ ...idle, running: true, lastRun: feedRun({ id: 'run-2', status: 'running', startedAt: minutesFromNow(0), finishedAt: null, added: 0, changed: 0, gone: 0 }) }];
      }
      if (state === 'done') return [{ ...idle, nextRunAt: minutesFromNow(360), lastRun: feedRun({ id: 'run-2', startedAt: minutesFromNow(0), finishedAt: minutesFromNow(0), added: 7, changed: 2, gone: 1, rejected: 1 }) }];
      return [idle];
    };
    const view = page(list, {
      'POST /api/admin/feed-sources/src-bestbuy/run': () => {
        state = 'queued';
        return jsonResponse({ success: true, source: { ...idle, nextRunAt: minutesFromNow(0) } }, { status: 202 });
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Run now: Best Buy' }));
    expect(await screen.findByText('Run of Best Buy asked for: a worker takes it within seconds, and its result shows under Last run.')).toBeInTheDocument();
    const row = await rowOf('Best Buy');
    await waitFor(() => expect(within(row).getByText('Running', { selector: '.adm-badge' })).toBeInTheDocument());
    expect(within(row).getByRole('button', { name: 'Run now: Best Buy' })).toBeDisabled();
    await waitFor(() => expect(row).toHaveTextContent('+7 added · 2 changed · 1 gone · 1 rejected'));
    expect(within(row).getByText('Active', { selector: '.adm-badge' })).toBeInTheDocument();
    expect(view.mock.requestsTo('POST /api/admin/feed-sources/src-bestbuy/run')).toHaveLength(1);
  });

  it('pauses and resumes a source, and shows a refused run’s reason', async () => {
    let items = [feedSource()];
    const view = page(() => items, {
      'PATCH /api/admin/feed-sources/src-bestbuy': (request) => {
        const status = (request.body as { status: 'active' | 'paused' }).status;
        items = [feedSource({ status })];
        return jsonResponse({ success: true, source: items[0] });
      },
      'POST /api/admin/feed-sources/src-bestbuy/run': () => errorResponse(409, 'CONFLICT', 'A run of this source is under way', { field: 'id' }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Run now: Best Buy' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Best Buy could not run: A run of this source is under way');

    await user.click(screen.getByRole('button', { name: 'Pause Best Buy' }));
    expect(await screen.findByText('Best Buy is paused.')).toBeInTheDocument();
    const row = await rowOf('Best Buy');
    await waitFor(() => expect(within(row).getByText('Paused', { selector: '.adm-badge' })).toBeInTheDocument());
    expect(row).toHaveTextContent('Paused');
    await user.click(within(row).getByRole('button', { name: 'Resume Best Buy' }));
    expect(await screen.findByText('Best Buy is active again.')).toBeInTheDocument();
    expect(view.mock.requestsTo('PATCH /api/admin/feed-sources/src-bestbuy').map((request) => request.body)).toEqual([{ status: 'paused' }, { status: 'active' }]);
  });

  it('edits the interval in a dialog that shows the API’s message under the field', async () => {
    let items = [feedSource()];
    const view = page(() => items, {
      'PATCH /api/admin/feed-sources/src-bestbuy': (request) => {
        const minutes = (request.body as { intervalMinutes: number }).intervalMinutes;
        if (minutes > 10_080) return errorResponse(400, 'VALIDATION_ERROR', 'intervalMinutes: intervalMinutes must be at most 10080 (a week)', { details: [{ field: 'intervalMinutes', message: 'intervalMinutes must be at most 10080 (a week)' }] });
        items = [feedSource({ intervalMinutes: minutes })];
        return jsonResponse({ success: true, source: items[0] });
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit interval of Best Buy' }));
    const dialog = screen.getByRole('dialog', { name: 'Interval of Best Buy' });
    expect(within(dialog).getByLabelText('Refresh every')).toHaveValue(6);
    expect(within(dialog).getByLabelText('Interval unit')).toHaveValue('h');
    await user.clear(within(dialog).getByLabelText('Refresh every'));
    await user.type(within(dialog).getByLabelText('Refresh every'), '8');
    await user.selectOptions(within(dialog).getByLabelText('Interval unit'), 'days');
    await user.click(within(dialog).getByRole('button', { name: 'Save interval' }));
    await waitFor(() => expect(within(dialog).getByLabelText('Refresh every')).toHaveAccessibleDescription(/must be at most 10080/));

    await user.clear(within(dialog).getByLabelText('Refresh every'));
    await user.type(within(dialog).getByLabelText('Refresh every'), '12');
    await user.selectOptions(within(dialog).getByLabelText('Interval unit'), 'hours');
    await user.click(within(dialog).getByRole('button', { name: 'Save interval' }));
    expect(await screen.findByText('Best Buy now refreshes every 12 h.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await rowOf('Best Buy')).toHaveTextContent('every 12 h');
    expect(view.mock.requestsTo('PATCH /api/admin/feed-sources/src-bestbuy').map((request) => request.body)).toEqual([{ intervalMinutes: 11_520 }, { intervalMinutes: 720 }]);
  });

  it('removes a source only once the dialog is confirmed', async () => {
    let items = [feedSource(), failing];
    const view = page(() => items, {
      'DELETE /api/admin/feed-sources/src-target': () => {
        items = [feedSource()];
        return jsonResponse({ success: true, removed: true });
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Remove Target' }));
    let dialog = screen.getByRole('dialog', { name: 'Remove the source of Target?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(view.mock.requestsTo('DELETE /api/admin/feed-sources/src-target')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Remove Target' }));
    dialog = screen.getByRole('dialog', { name: 'Remove the source of Target?' });
    expect(dialog).toHaveTextContent('https://target.example.com/feed.xml');
    await user.click(within(dialog).getByRole('button', { name: 'Remove source' }));
    expect(await screen.findByText('The source of Target is removed.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Target' })).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'Best Buy' })).toBeInTheDocument();
  });
});

describe('feedSourcePollInterval', () => {
  const now = Date.now();
  it('asks every 2 s while a source runs or has just fallen due, every 30 s otherwise', () => {
    expect(feedSourcePollInterval([feedSource()], now)).toBe(FEED_SOURCE_POLL_MS.idle);
    expect(feedSourcePollInterval([feedSource(), feedSource({ running: true })], now)).toBe(FEED_SOURCE_POLL_MS.busy);
    expect(feedSourcePollInterval([feedSource({ lastRun: feedRun({ status: 'running', finishedAt: null }) })], now)).toBe(FEED_SOURCE_POLL_MS.busy);
    expect(feedSourcePollInterval([feedSource({ nextRunAt: new Date(now - 10_000).toISOString() })], now)).toBe(FEED_SOURCE_POLL_MS.busy);
    // Due for long: no worker is taking it; a paused source never runs.
    expect(feedSourcePollInterval([feedSource({ nextRunAt: new Date(now - 10 * 60_000).toISOString() })], now)).toBe(FEED_SOURCE_POLL_MS.idle);
    expect(feedSourcePollInterval([feedSource({ status: 'paused', nextRunAt: new Date(now - 10_000).toISOString() })], now)).toBe(FEED_SOURCE_POLL_MS.idle);
  });
});

describe('shortUrl', () => {
  it('keeps the host and the last part of the path', () => {
    expect(shortUrl('https://feeds.example.com/exports/2026/bestbuy.tsv')).toBe('feeds.example.com/…/bestbuy.tsv');
    expect(shortUrl('https://shop.example.com/feed.xml?key=secret')).toBe('shop.example.com/feed.xml?…');
    expect(shortUrl('https://shop.example.com')).toBe('shop.example.com');
  });
});

import { errorResponse, feedRun, feedSource, jsonResponse, minutesFromNow, type RecordedRequest } from '@pricehunt/api-client/testing';
import type { FeedRun, FeedSource } from '@pricehunt/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { business, integration, renderApp } from '../../testing/render';

jest.setTimeout(30_000);

const run = (changes: Partial<FeedRun>): FeedRun =>
  feedRun({ startedAt: minutesFromNow(-120), finishedAt: minutesFromNow(-119), rowsRead: 40, unchanged: 34, ...changes });

const source = (changes: Partial<FeedSource> = {}): FeedSource =>
  feedSource({
    id: 'src-1',
    url: 'https://shop.example.com/feeds/products.xml',
    format: 'gmc-xml',
    retailerId: 'shop-example-com',
    retailerName: 'Kettle Shop',
    businessId: 'b-1',
    nextRunAt: minutesFromNow(240),
    lastRun: run({}),
    createdAt: '2026-03-01T00:00:00.000Z',
    updatedAt: '2026-03-01T00:00:00.000Z',
    ...changes,
  });

function integrate(verified: boolean, routes: Record<string, (request: RecordedRequest) => Response>) {
  return renderApp('/business/dashboard/integrate', {
    'GET /api/business/auth/me': () => jsonResponse({ success: true, business }),
    'GET /api/business/integration': () => jsonResponse(integration(verified)),
    ...routes,
  });
}

describe('Integrate → Scheduled refresh', () => {
  it('explains the 409 of a store that is not verified, then adds the feed once it is', async () => {
    let verified = false;
    let items: FeedSource[] = [];
    const mock = integrate(false, {
      'GET /api/business/integration': () => jsonResponse(integration(verified)),
      'GET /api/business/integration/feed-sources': () => jsonResponse({ success: true, items }),
      'POST /api/business/integration/feed-sources': (request) => {
        if (!verified) return errorResponse(409, 'CONFLICT', 'Verify your store domain before adding a feed', { field: 'storeDomain' });
        const body = request.body as { url: string };
        if (!body.url.startsWith('http')) {
          return errorResponse(400, 'VALIDATION_ERROR', 'url: url must be an http(s) address', { details: [{ field: 'url', message: 'url must be an http(s) address' }] });
        }
        items = [source({ lastRun: null, nextRunAt: minutesFromNow(0), format: 'gmc-tsv', url: body.url, intervalMinutes: 720 })];
        return jsonResponse({ success: true, source: items[0] }, { status: 201 });
      },
      'GET /api/business/integration/feed-sources/src-1': () => jsonResponse({ success: true, source: items[0], runs: [] }),
    });
    const user = userEvent.setup();
    const section = await screen.findByRole('region', { name: '4. Scheduled refresh' });
    const form = await within(section).findByRole('form', { name: 'Add a feed URL' });
    expect(form).toHaveTextContent('PriceHunt reads feeds only for a verified store: verify shop.example.com in step 1 first.');

    await user.type(within(form).getByLabelText('Feed URL'), 'https://shop.example.com/feed.tsv');
    await user.click(within(form).getByRole('button', { name: 'Add feed' }));
    const alert = await within(form).findByRole('alert');
    expect(alert).toHaveTextContent('Verify your store domain before adding a feed.');
    expect(alert).toHaveTextContent('Verify shop.example.com in step 1 above, then add the feed again.');

    verified = true;
    await user.clear(within(form).getByLabelText('Feed URL'));
    await user.type(within(form).getByLabelText('Feed URL'), 'shop feed');
    await user.click(within(form).getByRole('button', { name: 'Add feed' }));
    await waitFor(() => expect(within(form).getByLabelText('Feed URL')).toHaveAccessibleDescription('url must be an http(s) address'));

    await user.clear(within(form).getByLabelText('Feed URL'));
    await user.type(within(form).getByLabelText('Feed URL'), 'https://shop.example.com/feed.tsv');
    await user.selectOptions(within(form).getByLabelText('Read it'), 'every 12 h');
    await user.click(within(form).getByRole('button', { name: 'Add feed' }));
    const feed = await within(section).findByRole('article', { name: 'Google Merchant Center (TSV)' });
    expect(feed).toHaveTextContent('https://shop.example.com/feed.tsv');
    expect(feed).toHaveTextContent('Scheduleevery 12 h');
    expect(feed).toHaveTextContent('Next rundue now');
    expect(feed).toHaveTextContent('Last runnot yet');
    expect(mock.requestsTo('POST /api/business/integration/feed-sources').at(-1)?.body).toEqual({ url: 'https://shop.example.com/feed.tsv', format: 'gmc-tsv', intervalMinutes: 720 });
    expect(within(section).queryByRole('form', { name: 'Add a feed URL' })).not.toBeInTheDocument();
  });

  it('shows the schedule and last runs (a failure in red), runs the feed now and pauses it', async () => {
    const failed = run({ id: 'run-3', status: 'failed', startedAt: minutesFromNow(-30), finishedAt: minutesFromNow(-30), added: 0, changed: 0, gone: 0, error: 'The feed answered HTTP 404' });
    let current = source({ failures: 2, lastRun: failed });
    const mock = integrate(true, {
      'GET /api/business/integration/feed-sources': () => jsonResponse({ success: true, items: [current] }),
      'GET /api/business/integration/feed-sources/src-1': () =>
        jsonResponse({ success: true, source: current, runs: [failed, run({ id: 'run-2', status: 'not-modified', added: 0, changed: 0, gone: 0 }), run({ id: 'run-1', startedAt: minutesFromNow(-600) })] }),
      'POST /api/business/integration/feed-sources/src-1/run': () => jsonResponse({ success: true, source: { ...current, nextRunAt: minutesFromNow(0) } }, { status: 202 }),
      'PATCH /api/business/integration/feed-sources/src-1': (request) => {
        current = { ...current, status: (request.body as { status: 'active' | 'paused' }).status };
        return jsonResponse({ success: true, source: current });
      },
    });
    const user = userEvent.setup();
    const feed = await screen.findByRole('article', { name: 'Google Merchant Center (XML)' });
    expect(feed).toHaveTextContent('Scheduleevery 6 h');
    expect(feed).toHaveTextContent('Next runin 4 h');
    expect(feed).toHaveTextContent('Last run30 min ago: failed');
    const failure = within(feed).getByText(/The last 2 runs failed in a row/).closest('p') as HTMLElement;
    expect(failure).toHaveClass('md-error');
    expect(failure).toHaveTextContent('The last 2 runs failed in a row: The feed answered HTTP 404.');

    const runs = await within(feed).findByRole('table', { name: 'Last runs' });
    const [, first, second, third] = within(runs).getAllByRole('row');
    expect(within(first as HTMLElement).getByText('Failed')).toBeInTheDocument();
    expect(within(first as HTMLElement).getByText('The feed answered HTTP 404')).toHaveClass('md-error');
    expect(second).toHaveTextContent('Not modified');
    expect(within(third as HTMLElement).getAllByRole('cell').map((cell) => cell.textContent).slice(1)).toEqual(['Succeeded', '3', '1', '2', '0', '—']);

    await user.click(within(feed).getByRole('button', { name: 'Run now' }));
    expect(await within(feed).findByText('Your feed is due now and will be read shortly.')).toBeInTheDocument();
    expect(mock.requestsTo('POST /api/business/integration/feed-sources/src-1/run')).toHaveLength(1);

    await user.click(within(feed).getByRole('button', { name: 'Pause' }));
    expect(await within(feed).findByText('Scheduled refresh is paused.')).toBeInTheDocument();
    await waitFor(() => expect(within(feed).getByText('Paused', { selector: '.md-badge' })).toBeInTheDocument());
    expect(within(feed).getByRole('button', { name: 'Run now' })).toBeDisabled();
    await user.click(within(feed).getByRole('button', { name: 'Resume' }));
    expect(await within(feed).findByText('Scheduled refresh is on again.')).toBeInTheDocument();
    expect(mock.requestsTo('PATCH /api/business/integration/feed-sources/src-1').map((request) => request.body)).toEqual([{ status: 'paused' }, { status: 'active' }]);
  });

  it('removes the feed after asking, and offers the form again', async () => {
    let items = [source()];
    const mock = integrate(true, {
      'GET /api/business/integration/feed-sources': () => jsonResponse({ success: true, items }),
      'GET /api/business/integration/feed-sources/src-1': () => jsonResponse({ success: true, source: source(), runs: [run({})] }),
      'DELETE /api/business/integration/feed-sources/src-1': () => {
        items = [];
        return jsonResponse({ success: true, removed: true });
      },
    });
    const user = userEvent.setup();
    const feed = await screen.findByRole('article', { name: 'Google Merchant Center (XML)' });
    await user.click(within(feed).getByRole('button', { name: 'Remove' }));
    await user.click(within(feed).getByRole('button', { name: 'Keep it' }));
    expect(mock.requestsTo('DELETE /api/business/integration/feed-sources/src-1')).toHaveLength(0);
    await user.click(within(feed).getByRole('button', { name: 'Remove' }));
    await user.click(within(within(feed).getByRole('group', { name: 'Remove this feed?' })).getByRole('button', { name: 'Remove feed' }));
    expect(await screen.findByRole('form', { name: 'Add a feed URL' })).toBeInTheDocument();
    expect(screen.getByText('No scheduled feed yet.')).toBeInTheDocument();
    expect(mock.unhandled).toEqual([]);
  });

  it('says why the feeds could not be loaded and asks again on Try again', async () => {
    let calls = 0;
    integrate(true, {
      'GET /api/business/integration/feed-sources': () => (++calls === 1 ? errorResponse(503, 'UNAVAILABLE', 'The database is busy') : jsonResponse({ success: true, items: [] })),
    });
    const user = userEvent.setup();
    const section = await screen.findByRole('region', { name: '4. Scheduled refresh' });
    expect(await within(section).findByRole('alert')).toHaveTextContent('The database is busy');
    await user.click(within(section).getByRole('button', { name: 'Try again' }));
    expect(await within(section).findByRole('form', { name: 'Add a feed URL' })).toBeInTheDocument();
    expect(within(section).queryByRole('alert')).not.toBeInTheDocument();
  });
});

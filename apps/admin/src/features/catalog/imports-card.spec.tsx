import { jsonResponse } from '@pricehunt/api-client/testing';
import type { AdminRetailer, ImportRun } from '@pricehunt/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminAccount, renderApp } from '../../testing/render';
import { runsHeld } from './imports-card';

let restore: (() => void) | undefined;
afterEach(() => restore?.());

const retailers: AdminRetailer[] = [
  { id: 'bestbuy', name: 'Best Buy', domains: ['bestbuy.com'], affiliateParam: null, offers: 575, lastImportAt: null },
  { id: 'ebay', name: 'eBay', domains: ['ebay.com'], affiliateParam: null, offers: 556, lastImportAt: null },
];

const run = (n: number, changes: Partial<ImportRun> = {}): ImportRun => ({
  id: `run-${n}`,
  format: 'gmc',
  source: 'http://127.0.0.1:4510/feeds/bestbuy.tsv',
  retailerId: 'bestbuy',
  retailerIds: ['bestbuy'],
  businessId: null,
  status: 'succeeded',
  startedAt: new Date(Date.UTC(2026, 10, 30, 12, 0) - n * 300_000).toISOString(),
  finishedAt: null,
  totalRows: 40,
  inserted: 0,
  updated: 40,
  unchanged: 0,
  skipped: 0,
  productsCreated: 0,
  errorCount: 0,
  warningCount: 0,
  failure: null,
  ...changes,
});

/** The API's list: 120 succeeded runs of Best Buy and one failed run of eBay, filtered and paged as it pages them. */
function importsRoute(request: { query: URLSearchParams }) {
  const all = [run(0, { id: 'run-failed', status: 'failed', retailerId: 'ebay', retailerIds: ['ebay'], failure: 'The feed could not be read: HTTP 503' }), ...Array.from({ length: 120 }, (_, n) => run(n + 1))];
  const status = request.query.get('status');
  const retailer = request.query.get('retailerId');
  const held = all.filter((item) => (!status || item.status === status) && (!retailer || item.retailerIds.includes(retailer)));
  const page = Number(request.query.get('page') ?? 1);
  const pageSize = Number(request.query.get('pageSize') ?? 50);
  return jsonResponse({ success: true, items: held.slice((page - 1) * pageSize, page * pageSize), page, pageSize, total: held.length });
}

function renderCatalog(path = '/admin/catalog') {
  const view = renderApp(path, {
    signedInAs: adminAccount,
    routes: {
      'GET /api/admin/retailers': () => jsonResponse({ success: true, items: retailers }),
      'GET /api/admin/imports': importsRoute,
      'GET /api/admin/match-reports': () => jsonResponse({ success: true, items: [], open: 0 }),
      'GET /api/admin/price-reviews': () => jsonResponse({ success: true, items: [], total: 0 }),
      'GET /api/admin/suspect-products': () => jsonResponse({ success: true, items: [], total: 0 }),
      'GET /api/admin/catalog/recluster': () => jsonResponse({ success: true, underWay: null, last: null }),
    },
  });
  restore = view.restore;
  return view;
}

const runsCard = () => screen.getByRole('region', { name: 'Import runs' });
const runsTable = () => screen.findByRole('table', { name: 'Import runs, newest first' });
const rowsOf = async () => within(await runsTable()).getAllByRole('row').slice(1);

describe('runsHeld', () => {
  it('names how many runs the list holds by its filter', () => {
    expect(runsHeld(121, undefined, undefined)).toBe('121 runs');
    expect(runsHeld(1, 'failed', undefined)).toBe('1 failed run');
    expect(runsHeld(3, 'interrupted', 'eBay')).toBe('3 interrupted runs of eBay');
  });
});

describe('the import runs card', () => {
  it('pages through every run, newest first, and says which are shown', async () => {
    const view = renderCatalog();
    expect(await rowsOf()).toHaveLength(50);
    expect(screen.getByText('121 runs, 1–50 shown')).toBeInTheDocument();
    const card = runsCard();
    await userEvent.click(within(card).getByRole('button', { name: 'Next page' }));
    await screen.findByText('121 runs, 51–100 shown');
    await userEvent.click(within(card).getByRole('button', { name: 'Next page' }));
    await screen.findByText('121 runs, 101–121 shown');
    expect(await rowsOf()).toHaveLength(21);
    expect(within(card).getByRole('button', { name: 'Next page' })).toBeDisabled();
    const asked = view.mock.requests.filter((request) => request.path === '/api/admin/imports').map((request) => request.query.get('page'));
    expect(asked).toEqual(['1', '2', '3']);
  });

  it('finds the one failed run among a feed’s many, with its reason, and clears the filter', async () => {
    renderCatalog();
    await runsTable();
    await userEvent.selectOptions(within(runsCard()).getByLabelText('Status'), 'Failed');
    await screen.findByText('1 failed run');
    const [row] = await rowsOf();
    expect(row).toHaveTextContent('The feed could not be read: HTTP 503');
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();

    await userEvent.selectOptions(within(runsCard()).getByLabelText('Retailer'), 'Best Buy');
    expect(await screen.findByText('No failed import runs of Best Buy.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show every run' }));
    await screen.findByText('121 runs, 1–50 shown');
    expect(within(runsCard()).getByLabelText('Status')).toHaveValue('');
    expect(within(runsCard()).getByLabelText('Retailer')).toHaveValue('');
  });

  it('opens on the filter and page its address names', async () => {
    const view = renderCatalog('/admin/catalog?runRetailer=bestbuy&runPage=3');
    await screen.findByText('120 runs of Best Buy, 101–120 shown');
    expect(within(runsCard()).getByLabelText('Retailer')).toHaveValue('bestbuy');
    await waitFor(() => expect(view.mock.requests.some((request) => request.query.get('retailerId') === 'bestbuy' && request.query.get('page') === '3')).toBe(true));
  });
});

import { jsonResponse } from '@pricehunt/api-client/testing';
import type { ImportRun } from '@pricehunt/contracts';
import { screen, within } from '@testing-library/react';
import { adminAccount, renderApp } from '../../testing/render';
import { runRetailers } from './import-runs-table';

describe('runRetailers', () => {
  it('names the one retailer of a run imported for it', () => {
    expect(runRetailers({ retailerId: 'ebay', retailerIds: ['ebay'] })).toBe('ebay');
  });

  it('names the retailers of each row’s link, the first two and how many more past three', () => {
    expect(runRetailers({ retailerId: null, retailerIds: ['amazon', 'bestbuy'] })).toBe('amazon, bestbuy');
    expect(runRetailers({ retailerId: null, retailerIds: ['amazon', 'bestbuy', 'costco'] })).toBe('amazon, bestbuy, costco');
    expect(runRetailers({ retailerId: null, retailerIds: ['amazon', 'apple', 'bestbuy', 'costco', 'ebay'] })).toBe('amazon, apple +3 more');
  });

  it('says the rows name their retailers when the run has not listed them', () => {
    expect(runRetailers({ retailerId: null, retailerIds: [] })).toBe('from each row');
  });
});

describe('an interrupted import run', () => {
  let restore: (() => void) | undefined;
  afterEach(() => restore?.());

  const interrupted: ImportRun = {
    id: 'run-killed',
    format: 'gmc',
    source: '/data/big-feed.tsv',
    retailerId: 'acme',
    retailerIds: ['acme'],
    businessId: null,
    status: 'interrupted',
    startedAt: '2026-03-01T12:00:00.000Z',
    finishedAt: '2026-03-01T12:03:00.000Z',
    totalRows: 6000,
    inserted: 5990,
    updated: 0,
    unchanged: 0,
    skipped: 10,
    productsCreated: 5400,
    errorCount: 0,
    warningCount: 0,
    failure: null,
  };

  it('is listed with its own badge, its counts and what it means', async () => {
    const view = renderApp('/admin/catalog', {
      signedInAs: adminAccount,
      routes: {
        'GET /api/admin/retailers': () => jsonResponse({ success: true, items: [] }),
        'GET /api/admin/imports': () => jsonResponse({ success: true, items: [interrupted], page: 1, pageSize: 50, total: 1 }),
        'GET /api/admin/match-reports': () => jsonResponse({ success: true, items: [], open: 0 }),
      },
    });
    restore = view.restore;
    const table = await screen.findByRole('table', { name: 'Import runs, newest first' });
    const row = within(table).getAllByRole('row')[1] as HTMLElement;
    expect(within(row).getByText('Interrupted')).toHaveClass('adm-badge--run-interrupted');
    expect(within(row).getByText('6,000')).toBeInTheDocument();
    expect(within(row).getByText('5,990')).toBeInTheDocument();
    expect(row).toHaveTextContent('The import process stopped before the end of its feed');
    expect(row).toHaveTextContent('The 5,990 offers it had committed are live in the catalog');
  });

  it('says so on its report, with its counts', async () => {
    const view = renderApp('/admin/catalog/imports/run-killed', {
      signedInAs: adminAccount,
      routes: { 'GET /api/admin/imports/run-killed': () => jsonResponse({ success: true, run: interrupted, errors: [], warnings: [] }) },
    });
    restore = view.restore;
    await screen.findByRole('heading', { name: 'Import report' });
    expect(await screen.findByText('Interrupted')).toHaveClass('adm-badge--run-interrupted');
    expect(screen.getByText(/The import process stopped before the end of its feed/)).toHaveTextContent('The counts above are what it committed.');
    expect(screen.getByText('5,400')).toBeInTheDocument();
    expect(screen.getByText(/10 rows were skipped/)).toBeInTheDocument();
  });
});

describe('an import run that kept no row', () => {
  let restore: (() => void) | undefined;
  afterEach(() => restore?.());

  const failure = 'No row was imported. All 575 rows were rejected: link: must be on your store domain shop.example (it is on other.example) (575 row errors)';
  const rejected: ImportRun = {
    id: 'run-rejected',
    format: 'gmc',
    source: 'https://shop.example/feed.tsv',
    retailerId: 'shop.example',
    retailerIds: ['shop.example'],
    businessId: 'biz-1',
    status: 'failed',
    startedAt: '2026-03-01T12:00:00.000Z',
    finishedAt: '2026-03-01T12:00:05.000Z',
    totalRows: 575,
    inserted: 0,
    updated: 0,
    unchanged: 0,
    skipped: 575,
    productsCreated: 0,
    errorCount: 575,
    warningCount: 0,
    failure,
  };

  it('is listed as failed, with its reasons', async () => {
    const view = renderApp('/admin/catalog', {
      signedInAs: adminAccount,
      routes: {
        'GET /api/admin/retailers': () => jsonResponse({ success: true, items: [] }),
        'GET /api/admin/imports': () => jsonResponse({ success: true, items: [rejected], page: 1, pageSize: 50, total: 1 }),
        'GET /api/admin/match-reports': () => jsonResponse({ success: true, items: [], open: 0 }),
      },
    });
    restore = view.restore;
    const table = await screen.findByRole('table', { name: 'Import runs, newest first' });
    const row = within(table).getAllByRole('row')[1] as HTMLElement;
    expect(within(row).getByText('Failed')).toHaveClass('adm-badge--run-failed');
    expect(within(row).queryByText('Succeeded')).toBeNull();
    expect(within(row).getByText(failure)).toHaveClass('adm-run-note--failed');
  });

  it('says why on its report', async () => {
    const view = renderApp('/admin/catalog/imports/run-rejected', {
      signedInAs: adminAccount,
      routes: { 'GET /api/admin/imports/run-rejected': () => jsonResponse({ success: true, run: rejected, errors: [], warnings: [] }) },
    });
    restore = view.restore;
    expect(await screen.findByRole('alert')).toHaveTextContent(`The import failed: ${failure}`);
  });
});

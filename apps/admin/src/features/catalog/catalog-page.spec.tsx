import { errorResponse, jsonResponse } from '@pricehunt/api-client/testing';
import { startedImportJob, type AdminMatchReport, type AdminProductOffer, type AdminRetailer, type ImportJob, type PriceReview, type ProductSummary } from '@pricehunt/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminAccount, renderApp } from '../../testing/render';

let restore: (() => void) | undefined;
afterEach(() => restore?.());

const retailer: AdminRetailer = { id: 'acme', name: 'Acme', domains: ['acme.example'], affiliateParam: null, offers: 12, lastImportAt: null };
const job = (changes: Partial<ImportJob>): ImportJob => ({
  ...startedImportJob({ id: 'job-1', fileName: 'acme.tsv', format: 'gmc-tsv', retailerId: 'acme', totalRows: 4, startedAt: '2026-03-01T12:00:00.000Z' }),
  ...changes,
});

function routes(extra: Record<string, Parameters<typeof jsonResponse>[0]> = {}) {
  return {
    'GET /api/admin/retailers': () => jsonResponse({ success: true, items: [retailer] }),
    'GET /api/admin/imports': () => jsonResponse({ success: true, items: [], page: 1, pageSize: 50, total: 0 }),
    'GET /api/admin/match-reports': () => jsonResponse({ success: true, items: [], open: 0 }),
    'GET /api/admin/price-reviews': () => jsonResponse({ success: true, items: [], total: 0 }),
    'GET /api/admin/suspect-products': () => jsonResponse({ success: true, items: [], total: 0 }),
    'GET /api/admin/catalog/recluster': () => jsonResponse({ success: true, underWay: null, last: null }),
    ...extra,
  } as never;
}

describe('catalog page', () => {
  it('uploads a feed for the chosen retailer and follows its progress to the row report', async () => {
    const states = [
      job({ processedRows: 2, inserted: 2 }),
      job({ state: 'succeeded', processedRows: 4, inserted: 3, skipped: 1, errorCount: 1, errors: [{ line: 3, field: 'price', reason: 'is not a price' }],
        warningCount: 1, warnings: [{ line: 2, field: 'gtin', reason: '"12345" left out: must be 8, 12, 13 or 14 digits with a valid check digit' }], runId: 'run-1' }),
    ];
    const view = renderApp('/admin/catalog', {
      signedInAs: adminAccount,
      routes: routes({
        'POST /api/admin/imports': () => jsonResponse({ success: true, job: job({}) }, { status: 202 }),
        'GET /api/admin/imports/jobs/job-1': () => jsonResponse({ success: true, job: states.length > 1 ? states.shift() : states[0] }),
      }),
    });
    restore = view.restore;
    const user = userEvent.setup();
    const importCard = await screen.findByRole('region', { name: 'Import a retailer feed' });
    await within(importCard).findByRole('option', { name: 'Acme' });
    await user.selectOptions(within(importCard).getByLabelText('Retailer'), 'acme');
    await user.upload(screen.getByLabelText('Feed file'), new File(['id\ttitle\tlink\tprice\n'], 'acme.tsv', { type: 'text/tab-separated-values' }));
    await user.click(screen.getByRole('button', { name: 'Import feed' }));

    expect(await screen.findByText(/import finished/)).toBeInTheDocument();
    const upload = view.mock.requestsTo('POST /api/admin/imports')[0];
    const form = upload?.body as FormData;
    expect(form.get('retailerId')).toBe('acme');
    expect((form.get('file') as File).name).toBe('acme.tsv');
    expect(screen.getByRole('progressbar', { name: 'Rows imported' })).toHaveAttribute('aria-valuenow', '4');
    expect(screen.getByRole('row', { name: '3 price is not a price' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Values left out (the row was imported)' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /^2 gtin "12345" left out/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the saved report' })).toHaveAttribute('href', '/admin/catalog/imports/run-1');
  });

  it('asks for a file before uploading', async () => {
    const view = renderApp('/admin/catalog', { signedInAs: adminAccount, routes: routes() });
    restore = view.restore;
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Import feed' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose a feed file');
    expect(view.mock.requestsTo('POST /api/admin/imports')).toHaveLength(0);
  });

  it('finds a product, takes a wrong offer out of it after confirming, and merges it into another', async () => {
    const product: ProductSummary = {
      id: 7, title: 'Acme Kettle 1.7 L', brand: 'Acme', model: 'AK-170', gtin: null, category: null, categorySlug: null, imageUrl: null,
      offerCount: 2, bestPriceCents: 2_900, currency: 'USD',
    };
    const offer = (id: number, retailer: string, title: string): AdminProductOffer => ({
      id, retailer: { id: retailer.toLowerCase(), name: retailer }, externalId: `X-${id}`, title, url: `https://${retailer.toLowerCase()}.example/${id}`,
      brand: 'Acme', model: null, gtin: null, priceCents: 2_900, shippingCents: null, currency: 'USD', availability: 'in_stock', held: null,
    });
    const merged = { success: true, product: { ...product, id: 8, title: 'Acme Kettle 1.7L Steel' }, offers: [offer(81, 'Best Buy', 'Acme Kettle 1.7L Steel'), offer(71, 'Walmart', 'Acme Kettle 1.7 L')] };
    let retired = false;
    const view = renderApp('/admin/catalog', {
      signedInAs: adminAccount,
      routes: routes({
        'GET /api/admin/products': () => jsonResponse({ success: true, items: [product] }),
        // Once merged, the retired id answers the product it went into, as the API does.
        'GET /api/admin/products/7': () =>
          jsonResponse(retired ? merged : { success: true, product, offers: [offer(71, 'Walmart', 'Acme Kettle 1.7 L'), offer(72, 'Target', 'Acme Toaster 2-Slice')] }),
        'POST /api/admin/products/7/offers/72/detach': () => jsonResponse({ success: true, offerId: 72, productId: 7, newProductId: 9 }),
        'POST /api/admin/products/7/merge': () => {
          retired = true;
          return jsonResponse({ success: true, productId: 7, into: 8, moved: 1 });
        },
        'GET /api/admin/products/8': () => jsonResponse(merged),
      }),
    });
    restore = view.restore;
    const user = userEvent.setup();
    const search = await screen.findByRole('search', { name: 'Find a product' });
    await user.type(within(search).getByLabelText('Product id or name'), 'acme kettle');
    await user.click(within(search).getByRole('button', { name: 'Find' }));
    expect(view.mock.requestsTo('GET /api/admin/products')[0]?.query.get('q')).toBe('acme kettle');
    await user.click(await screen.findByRole('button', { name: 'Open #7 Acme Kettle 1.7 L' }));
    expect(await screen.findByRole('heading', { name: '#7 Acme Kettle 1.7 L' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Take out Target X-72' }));
    const dialog = screen.getByRole('dialog', { name: 'Take this offer out of the product?' });
    expect(view.mock.requestsTo('POST /api/admin/products/7/offers/72/detach')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Take out' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Target X-72 is now product #9.');

    await user.type(screen.getByLabelText('Merge into product id'), '7');
    await user.click(screen.getByRole('button', { name: 'Merge' }));
    expect(screen.getByLabelText('Merge into product id')).toHaveAccessibleDescription('Enter another product’s id');
    await user.clear(screen.getByLabelText('Merge into product id'));
    await user.type(screen.getByLabelText('Merge into product id'), '#8');
    await user.click(screen.getByRole('button', { name: 'Merge' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Merge #7 into #8?' })).getByRole('button', { name: 'Merge' }));
    expect(await screen.findByRole('heading', { name: '#8 Acme Kettle 1.7L Steel' })).toBeInTheDocument();
    expect(view.mock.requestsTo('POST /api/admin/products/7/merge')[0]?.body).toEqual({ into: 8 });
    await waitFor(() => expect(view.mock.requestsTo('GET /api/admin/products/7').length).toBeGreaterThan(1));
    expect(await screen.findByRole('row', { name: /Best Buy/ })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('1 offer of #7 moved into #8; #7 is retired.');
  });

  it('follows a retired product id to the product its offers went into, and says so', async () => {
    const product: ProductSummary = {
      id: 34, title: 'Acme Kettle 1.7 L', brand: 'Acme', model: null, gtin: null, category: null, categorySlug: null, imageUrl: null,
      offerCount: 1, bestPriceCents: 2_900, currency: 'USD',
    };
    const report: AdminMatchReport = {
      id: 'r-1', createdAt: '2026-03-01T12:00:00.000Z', requestId: '8f3c1f5e-0000-4000-8000-000000000001', searched: 'https://www.amazon.com/dp/B0EXAMPLE1',
      productId: 12, productTitle: 'Acme Kettle', reason: 'different_variant', note: null, status: 'open', resolvedAt: null,
    };
    let regrouping = true;
    const view = renderApp('/admin/catalog', {
      signedInAs: adminAccount,
      routes: routes({
        'GET /api/admin/match-reports': () => jsonResponse({ success: true, items: [report], open: 1 }),
        'GET /api/admin/products': () => jsonResponse({ success: true, items: [product] }),
        // The first time, a re-clustering under way has yet to place the retired product's offers.
        'GET /api/admin/products/12': () => {
          if (!regrouping) return jsonResponse({ success: true, product, offers: [] });
          regrouping = false;
          return errorResponse(503, 'SERVICE_UNAVAILABLE', 'This product is being regrouped with its offers: try again in a few seconds');
        },
        'GET /api/admin/products/34': () => jsonResponse({ success: true, product, offers: [] }),
      }),
    });
    restore = view.restore;
    const user = userEvent.setup();
    const search = await screen.findByRole('search', { name: 'Find a product' });
    await user.type(within(search).getByLabelText('Product id or name'), '#12');
    await user.click(within(search).getByRole('button', { name: 'Find' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Product #12 is retired: its offers are now in #34, merged or regrouped by a re-clustering.');
    expect(screen.getByRole('button', { name: 'Open #34 Acme Kettle 1.7 L' })).toBeInTheDocument();

    // A match report names the old id.
    await user.click(within(screen.getByRole('table', { name: 'Open match reports' })).getByRole('button', { name: 'Open product #12' }));
    expect(await screen.findByText('This product is being regrouped with its offers: try again in a few seconds')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: '#34 Acme Kettle 1.7 L' })).toBeInTheDocument();
    expect(screen.getAllByRole('status').map((status) => status.textContent)).toContain(
      'Product #12 is retired: its offers are now in #34, merged or regrouped by a re-clustering.',
    );
  });

  it('lists shoppers’ match reports, opens the product of one and resolves it', async () => {
    const report: AdminMatchReport = {
      id: 'r-1', createdAt: '2026-03-01T12:00:00.000Z', requestId: '8f3c1f5e-0000-4000-8000-000000000001', searched: 'https://www.amazon.com/dp/B0EXAMPLE1',
      productId: 7, productTitle: 'Acme Kettle 1.7 L', reason: 'different_variant', note: 'mine is the red one', status: 'open', resolvedAt: null,
    };
    let open = [report];
    const view = renderApp('/admin/catalog', {
      signedInAs: adminAccount,
      routes: routes({
        'GET /api/admin/match-reports': () => jsonResponse({ success: true, items: open, open: open.length }),
        'POST /api/admin/match-reports/r-1/resolve': () => {
          open = [];
          return jsonResponse({ success: true, report: { ...report, status: 'resolved', resolvedAt: '2026-03-02T09:00:00.000Z' } });
        },
        'GET /api/admin/products/7': () =>
          jsonResponse({
            success: true,
            product: { id: 7, title: 'Acme Kettle 1.7 L', brand: 'Acme', model: null, gtin: null, category: null, categorySlug: null, imageUrl: null, offerCount: 1, bestPriceCents: 2_900, currency: 'USD' },
            offers: [],
          }),
      }),
    });
    restore = view.restore;
    const user = userEvent.setup();
    const table = await screen.findByRole('table', { name: 'Open match reports' });
    expect(screen.getByRole('heading', { name: 'Match reports (1 open)' })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /amazon\.com\/dp\/B0EXAMPLE1 #7 Acme Kettle 1\.7 L Another variant “mine is the red one”/ })).toBeInTheDocument();

    await user.click(within(table).getByRole('button', { name: 'Open product #7' }));
    expect(await screen.findByRole('heading', { name: '#7 Acme Kettle 1.7 L' })).toBeInTheDocument();

    await user.click(within(table).getByRole('button', { name: 'Resolve the report on #7' }));
    expect(await screen.findByText('No open reports: shoppers have not flagged any comparison.')).toBeInTheDocument();
    expect(view.mock.requestsTo('POST /api/admin/match-reports/r-1/resolve')).toHaveLength(1);
  });

  it('edits a retailer and shows the server’s message under the field it names', async () => {
    const view = renderApp('/admin/catalog', {
      signedInAs: adminAccount,
      routes: routes({
        'PATCH /api/admin/retailers/acme': () =>
          errorResponse(400, 'VALIDATION_ERROR', 'domains.1: each domain must be a host name such as shop.example.com', {
            field: 'domains.1',
            details: [{ field: 'domains.1', message: 'each domain must be a host name such as shop.example.com' }],
          }),
      }),
    });
    restore = view.restore;
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Acme' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Acme' });
    const domains = within(dialog).getByLabelText('Domains');
    await user.clear(domains);
    await user.type(domains, 'acme.example, not a host');
    await user.click(within(dialog).getByRole('button', { name: 'Save retailer' }));
    await waitFor(() => expect(within(dialog).getByLabelText('Domains')).toHaveAccessibleDescription(/each domain must be a host name/));
    expect(view.mock.requestsTo('PATCH /api/admin/retailers/acme')[0]?.body).toEqual({ name: 'Acme', domains: ['acme.example', 'not', 'a', 'host'], affiliateParam: null });
  });

  it('lists offers held for a price review and shows one once its price is approved', async () => {
    const review: PriceReview = {
      offer: {
        id: 41, retailer: { id: 'cheap-phones.example', name: 'Cheap Phones' }, externalId: 'CP-1', title: 'Apple iPhone 15 128GB', url: 'https://cheap-phones.example/iphone-15',
        brand: 'Apple', model: null, gtin: '00195949036163', priceCents: 9_900, shippingCents: null, currency: 'USD', availability: 'in_stock', held: 'price',
      },
      product: { id: 7, title: 'Apple iPhone 15 128GB Black' },
      othersMedianCents: 72_300,
      othersCount: 4,
      heldSince: '2026-03-01T12:00:00.000Z',
    };
    let items = [review];
    const view = renderApp('/admin/catalog', {
      signedInAs: adminAccount,
      routes: routes({
        'GET /api/admin/price-reviews': () => jsonResponse({ success: true, items, total: items.length }),
        'POST /api/admin/price-reviews/41/approve': () => {
          items = [];
          return jsonResponse({ success: true, offerId: 41, productId: 7 });
        },
      }),
    });
    restore = view.restore;
    const user = userEvent.setup();
    const table = await screen.findByRole('table', { name: 'Offers held for a price review' });
    expect(within(table).getByRole('row', { name: /Apple iPhone 15 128GB Cheap Phones · CP-1 \$99\.00 \$723\.00 \(4 offers\)/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Approve the price of Cheap Phones CP-1' }));
    expect(await screen.findByText(/No offer is held/)).toBeInTheDocument();
    expect(view.mock.requestsTo('POST /api/admin/price-reviews/41/approve')).toHaveLength(1);
  });

  it('flags in the match review the products whose offers are more than 2x apart or repeat a retailer, and opens one', async () => {
    const view = renderApp('/admin/catalog', {
      signedInAs: adminAccount,
      routes: routes({
        'GET /api/admin/suspect-products': () =>
          jsonResponse({
            success: true,
            total: 1,
            items: [{ product: { id: 9, title: 'Asus TUF Gaming VG348QL1A 34" Monitor' }, offerCount: 3, retailerCount: 2, lowestCents: 19_999, highestCents: 43_999, flags: ['price-spread', 'retailer-twice'] }],
          }),
        'GET /api/admin/products/9': () => jsonResponse({ success: true, product: { id: 9, title: 'Asus TUF Gaming VG348QL1A 34" Monitor', brand: 'Asus', model: null, category: null, offerCount: 3, bestPriceCents: 19_999, currency: 'USD', imageUrl: null }, offers: [] }),
      }),
    });
    restore = view.restore;
    const table = await screen.findByRole('table', { name: 'Products flagged for the match review' });
    expect(screen.getByText('Match review (1 flagged)')).toBeInTheDocument();
    expect(
      within(table).getByRole('row', { name: /#9 Asus TUF Gaming VG348QL1A 34" Monitor 3 \(2 retailers\) \$199\.99 – \$439\.99 New offers more than 2x apart in price; A retailer lists it twice/ }),
    ).toBeInTheDocument();
    await userEvent.setup().click(within(table).getByRole('button', { name: 'Open product #9' }));
    await waitFor(() => expect(view.mock.requestsTo('GET /api/admin/products/9').length).toBeGreaterThan(0));
  });
});

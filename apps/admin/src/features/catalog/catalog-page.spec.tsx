import { errorResponse, jsonResponse } from '@pricehunt/api-client/testing';
import type { AdminRetailer, ImportJob } from '@pricehunt/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminAccount, renderApp } from '../../testing/render';

let restore: (() => void) | undefined;
afterEach(() => restore?.());

const retailer: AdminRetailer = { id: 'acme', name: 'Acme', domains: ['acme.example'], affiliateParam: null, offers: 12, lastImportAt: null };
const job = (changes: Partial<ImportJob>): ImportJob => ({
  id: 'job-1',
  fileName: 'acme.tsv',
  format: 'gmc-tsv',
  retailerId: 'acme',
  state: 'importing',
  totalRows: 4,
  processedRows: 0,
  inserted: 0,
  updated: 0,
  unchanged: 0,
  skipped: 0,
  productsCreated: 0,
  errorCount: 0,
  errors: [],
  failure: null,
  runId: null,
  startedAt: '2026-03-01T12:00:00.000Z',
  finishedAt: null,
  ...changes,
});

function routes(extra: Record<string, Parameters<typeof jsonResponse>[0] | ((...args: never[]) => Response)> = {}) {
  return {
    'GET /api/admin/retailers': () => jsonResponse({ success: true, items: [retailer] }),
    'GET /api/admin/imports': () => jsonResponse({ success: true, items: [] }),
    ...extra,
  } as never;
}

describe('catalog page', () => {
  it('uploads a feed for the chosen retailer and follows its progress to the row report', async () => {
    const states = [
      job({ processedRows: 2, inserted: 2 }),
      job({ state: 'succeeded', processedRows: 4, inserted: 3, skipped: 1, errorCount: 1, errors: [{ line: 3, field: 'price', reason: 'is not a price' }], runId: 'run-1' }),
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
    await screen.findByRole('option', { name: 'Acme' });
    await user.selectOptions(screen.getByLabelText('Retailer'), 'acme');
    await user.upload(screen.getByLabelText('Feed file'), new File(['id\ttitle\tlink\tprice\n'], 'acme.tsv', { type: 'text/tab-separated-values' }));
    await user.click(screen.getByRole('button', { name: 'Import feed' }));

    expect(await screen.findByText(/import finished/)).toBeInTheDocument();
    const upload = view.mock.requestsTo('POST /api/admin/imports')[0];
    const form = upload?.body as FormData;
    expect(form.get('retailerId')).toBe('acme');
    expect((form.get('file') as File).name).toBe('acme.tsv');
    expect(screen.getByRole('progressbar', { name: 'Rows imported' })).toHaveAttribute('aria-valuenow', '4');
    expect(screen.getByRole('row', { name: '3 price is not a price' })).toBeInTheDocument();
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
});

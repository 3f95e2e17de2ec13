import { jsonResponse } from '@pricehunt/api-client/testing';
import type { ReclusterStatus } from '@pricehunt/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminAccount, renderApp } from '../../testing/render';

let restore: (() => void) | undefined;
afterEach(() => restore?.());

const ended = (changes: Partial<NonNullable<ReclusterStatus['last']>> = {}): ReclusterStatus['last'] => ({
  endedAt: '2026-12-04T23:31:00.000Z',
  by: 'admin@pricehunt.local',
  offers: 3968,
  productsBefore: 861,
  productsAfter: 911,
  productsKept: 840,
  durationMs: 10_600,
  resumed: false,
  ...changes,
});

/** The catalog page with the re-clustering status the API reports (`status()`, read on each request) and answers a POST with. */
function renderCatalog(status: () => ReclusterStatus, post: () => Response) {
  const view = renderApp('/admin/catalog', {
    signedInAs: adminAccount,
    routes: {
      'GET /api/admin/retailers': () => jsonResponse({ success: true, items: [] }),
      'GET /api/admin/imports': () => jsonResponse({ success: true, items: [], page: 1, pageSize: 50, total: 0 }),
      'GET /api/admin/match-reports': () => jsonResponse({ success: true, items: [], open: 0 }),
      'GET /api/admin/price-reviews': () => jsonResponse({ success: true, items: [], total: 0 }),
      'GET /api/admin/suspect-products': () => jsonResponse({ success: true, items: [], total: 0 }),
      'GET /api/admin/catalog/recluster': () => jsonResponse({ success: true, ...status() }),
      'POST /api/admin/catalog/recluster': post,
    },
  });
  restore = view.restore;
  return view;
}

const card = () => screen.findByRole('region', { name: 'Product clusters' });

describe('the product clusters card', () => {
  it('shows a re-clustering under way elsewhere with its progress, carries it on when asked, then what it came to', async () => {
    let status: ReclusterStatus = { underWay: { offers: 3968, unplaced: 1968, productsBefore: 861 }, last: null };
    const view = renderCatalog(
      () => status,
      () => {
        const answer = jsonResponse({ success: true, underWay: status.underWay, resumed: true }, { status: 202 });
        status = { underWay: null, last: ended({ by: 'system (carried on when the API started)', resumed: true }) };
        return answer;
      },
    );

    const bar = await within(await card()).findByRole('progressbar', { name: 'Offers placed' });
    expect(bar).toHaveAttribute('aria-valuetext', '2000 of 3968 offers placed');
    expect(within(await card()).getByText('A re-clustering is under way')).toBeInTheDocument();
    expect(within(await card()).getByText('2,000 of 3,968 offers placed · the other 1,968 are in no product until it places them')).toBeInTheDocument();

    await userEvent.click(within(await card()).getByRole('button', { name: 'Re-cluster products' }));
    const dialog = await screen.findByRole('dialog', { name: 'Carry on the re-clustering under way?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Carry it on' }));

    expect(
      await within(await card()).findByText(
        /^Last re-clustered .+ by system \(carried on when the API started\), carried on after it was cut short: 3,968 offers in 10\.6 s, 861 → 911 products, 840 of them under their old id\.$/,
      ),
    ).toBeInTheDocument();
    expect(within(await card()).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(view.mock.requestsTo('POST /api/admin/catalog/recluster')).toHaveLength(1);
  });

  it('follows its own re-clustering while the API runs it, then says what it came to', async () => {
    let status: ReclusterStatus = { underWay: null, last: null };
    renderCatalog(
      () => status,
      () => {
        status = { underWay: { offers: 3968, unplaced: 1968, productsBefore: 861 }, last: null };
        return jsonResponse({ success: true, underWay: { offers: 3968, unplaced: 3968, productsBefore: 861 }, resumed: false }, { status: 202 });
      },
    );

    await userEvent.click(within(await card()).getByRole('button', { name: 'Re-cluster products' }));
    const dialog = await screen.findByRole('dialog', { name: 'Re-cluster every product?' });
    expect(within(dialog).getByText('Product pages may change their id while this runs. Searches keep working.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Re-cluster' }));

    expect(await within(await card()).findByText('Re-clustering…')).toBeInTheDocument();
    expect(await within(await card()).findByText(/^2,000 of 3,968 offers placed/)).toBeInTheDocument();

    status = { underWay: null, last: ended() };
    expect(
      await within(await card()).findByText(/^Last re-clustered .+ by admin@pricehunt\.local: 3,968 offers in 10\.6 s, 861 → 911 products, 840 of them under their old id\.$/, {}, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(within(await card()).queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('says so when the catalog holds no offer to re-cluster', async () => {
    renderCatalog(
      () => ({ underWay: null, last: null }),
      () => jsonResponse({ success: true, underWay: null, resumed: false }, { status: 202 }),
    );

    await userEvent.click(within(await card()).getByRole('button', { name: 'Re-cluster products' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Re-cluster every product?' })).getByRole('button', { name: 'Re-cluster' }));

    expect(await within(await card()).findByText('The catalog holds no offers: there is nothing to re-cluster. Import a feed first.')).toBeInTheDocument();
    expect(within(await card()).queryByRole('progressbar')).not.toBeInTheDocument();
  });
});

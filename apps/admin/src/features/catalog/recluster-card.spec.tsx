import { jsonResponse } from '@pricehunt/api-client/testing';
import type { ReclusterResponse } from '@pricehunt/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminAccount, renderApp } from '../../testing/render';

let restore: (() => void) | undefined;
afterEach(() => restore?.());

const done = (changes: Partial<ReclusterResponse> = {}) =>
  jsonResponse({ success: true, offers: 3968, productsBefore: 861, productsAfter: 911, productsKept: 840, durationMs: 10_600, resumed: false, ...changes });

/** The catalog page with the re-clustering the API reports by `underWay` (read on each request) and answers `post` with. */
function renderCatalog(underWay: () => { offers: number; unplaced: number } | null, post: () => Response | Promise<Response>) {
  const view = renderApp('/admin/catalog', {
    signedInAs: adminAccount,
    routes: {
      'GET /api/admin/retailers': () => jsonResponse({ success: true, items: [] }),
      'GET /api/admin/imports': () => jsonResponse({ success: true, items: [], page: 1, pageSize: 50, total: 0 }),
      'GET /api/admin/match-reports': () => jsonResponse({ success: true, items: [], open: 0 }),
      'GET /api/admin/price-reviews': () => jsonResponse({ success: true, items: [], total: 0 }),
      'GET /api/admin/suspect-products': () => jsonResponse({ success: true, items: [], total: 0 }),
      'GET /api/admin/catalog/recluster': () => jsonResponse({ success: true, underWay: underWay() }),
      'POST /api/admin/catalog/recluster': post,
    },
  });
  restore = view.restore;
  return view;
}

const card = () => screen.getByRole('region', { name: 'Product clusters' });

describe('the product clusters card', () => {
  it('shows a re-clustering under way elsewhere with its progress, and carries it on when asked', async () => {
    let underWay: { offers: number; unplaced: number } | null = { offers: 3968, unplaced: 1968 };
    const view = renderCatalog(
      () => underWay,
      () => {
        underWay = null;
        return done({ resumed: true, productsBefore: 469 });
      },
    );

    const bar = await within(await screen.findByRole('region', { name: 'Product clusters' })).findByRole('progressbar', { name: 'Offers placed' });
    expect(bar).toHaveAttribute('aria-valuetext', '2000 of 3968 offers placed');
    expect(within(card()).getByText('A re-clustering is under way')).toBeInTheDocument();
    expect(within(card()).getByText('2,000 of 3,968 offers placed · the other 1,968 are in no product until it places them')).toBeInTheDocument();

    await userEvent.click(within(card()).getByRole('button', { name: 'Re-cluster products' }));
    const dialog = await screen.findByRole('dialog', { name: 'Carry on the re-clustering under way?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Carry it on' }));

    expect(
      await within(card()).findByText('Carried on the re-clustering under way: 3,968 offers re-clustered in 10.6 s: 469 → 911 products, 840 of them under their old id.'),
    ).toBeInTheDocument();
    expect(within(card()).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(view.mock.requestsTo('POST /api/admin/catalog/recluster')).toHaveLength(1);
  });

  it('follows its own re-clustering while it runs, then says what it came to', async () => {
    let underWay: { offers: number; unplaced: number } | null = null;
    let finish: (response: Response) => void = () => undefined;
    renderCatalog(
      () => underWay,
      () => {
        underWay = { offers: 3968, unplaced: 3968 };
        return new Promise<Response>((resolve) => (finish = resolve));
      },
    );

    await userEvent.click(within(await screen.findByRole('region', { name: 'Product clusters' })).getByRole('button', { name: 'Re-cluster products' }));
    const dialog = await screen.findByRole('dialog', { name: 'Re-cluster every product?' });
    expect(within(dialog).getByText('Product pages may change their id while this runs. Searches keep working.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Re-cluster' }));
    underWay = { offers: 3968, unplaced: 1968 };

    expect(await within(card()).findByText('Re-clustering…', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(await within(card()).findByText(/^2,000 of 3,968 offers placed/, {}, { timeout: 3000 })).toBeInTheDocument();

    underWay = null;
    finish(done());
    expect(await within(card()).findByText('3,968 offers re-clustered in 10.6 s: 861 → 911 products, 840 of them under their old id.')).toBeInTheDocument();
    expect(within(card()).queryByRole('progressbar')).not.toBeInTheDocument();
  });
});

import { jsonResponse } from '@pricehunt/api-client/testing';
import { readProductRequest } from '@pricehunt/direct-url';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import userEvent from '@testing-library/user-event';
import { searchResult } from '../../testing/fixtures';
import { LocationProbe, mockApi, renderWithProviders } from '../../testing/render-with-providers';
import { SearchForm } from './search-form';

const base = searchResult().product;
if (!base) throw new Error('the fixture has a product');
const product = (id: number, title: string, bestPriceCents: number | null, offerCount: number) => ({ ...base, id, title, bestPriceCents, offerCount });
const WATCHES = [product(11, 'Apple Watch SE GPS 44mm Starlight', 24_900, 4), product(12, 'Apple Watch Series 10 GPS 42mm Jet Black', 39_900, 1)];

const box = () => screen.getByRole('combobox', { name: 'Paste a product link or search' });
const location = () => screen.getByTestId('location').textContent ?? '';
/** The words of the search the form started, once it has navigated to its results. */
async function searchedRequest() {
  await waitFor(() => expect(location()).toMatch(/^\/new-search\//));
  return readProductRequest(location().split('/')[2] ?? '');
}

/** The form with the watches suggested for "apple wa", typed into it; resolves once the list is shown. */
async function typeWithSuggestions() {
  const api = mockApi({ 'GET /api/suggest': () => jsonResponse({ success: true, suggestions: WATCHES }) });
  renderWithProviders(<SearchForm />);
  await userEvent.type(box(), 'apple wa');
  const list = await screen.findByRole('listbox', { name: 'Suggested products' });
  return { api, list };
}

describe('search form suggestions', () => {
  it('suggests products while words are typed, with their starting price and offers', async () => {
    const { api, list } = await typeWithSuggestions();
    const options = within(list).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Apple Watch SE GPS 44mm Starlightfrom $249.00 · 4 offers', 'Apple Watch Series 10 GPS 42mm Jet Blackfrom $399.00 · 1 offer']);
    expect(box()).toHaveAttribute('aria-expanded', 'true');
    // Asked once typing paused, not at every key (a slow machine may pause within the words too).
    await waitFor(() => expect(api.requestsTo('GET /api/suggest').at(-1)?.query.get('q')).toBe('apple wa'));
    expect(api.requestsTo('GET /api/suggest').length).toBeLessThan('apple wa'.length - 1);
  });

  it('moves through the suggestions with the arrow keys and compares the one picked with Enter', async () => {
    await typeWithSuggestions();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    const second = screen.getAllByRole('option')[1] as HTMLElement;
    expect(second).toHaveAttribute('aria-selected', 'true');
    expect(box()).toHaveAttribute('aria-activedescendant', second.id);
    await userEvent.keyboard('{ArrowUp}');
    expect(screen.getAllByRole('option')[0]).toHaveAttribute('aria-selected', 'true');

    await userEvent.keyboard('{Enter}');
    expect(await searchedRequest()).toMatchObject({ query: 'Apple Watch SE GPS 44mm Starlight' });
    expect(box()).toHaveValue('Apple Watch SE GPS 44mm Starlight');
  });

  it('compares a suggestion picked with the pointer', async () => {
    const { list } = await typeWithSuggestions();
    await userEvent.click(within(list).getByRole('option', { name: /Apple Watch Series 10/ }));
    expect(await searchedRequest()).toMatchObject({ query: 'Apple Watch Series 10 GPS 42mm Jet Black' });
  });

  it('closes the list with Escape, and Enter then searches the typed words', async () => {
    await typeWithSuggestions();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(box()).toHaveAttribute('aria-expanded', 'false');
    await userEvent.keyboard('{Enter}');
    expect(await searchedRequest()).toMatchObject({ query: 'apple wa' });
  });

  it('asks nothing for a pasted link or a single character, and shows nothing when the API fails', async () => {
    const api = mockApi({ 'GET /api/suggest': () => new Response('{}', { status: 500 }) });
    renderWithProviders(<SearchForm />);
    await userEvent.type(box(), 'a');
    await userEvent.clear(box());
    await userEvent.click(box());
    await userEvent.paste('https://www.amazon.com/dp/B09XS7JWHH');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(api.requestsTo('GET /api/suggest')).toHaveLength(0);

    await userEvent.clear(box());
    await userEvent.type(box(), 'sony');
    await waitFor(() => expect(api.requestsTo('GET /api/suggest').length).toBeGreaterThan(0));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(box()).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('search form on a page the server rendered', () => {
  it('keeps the words typed into the box before the app took the page over', async () => {
    const ui = (
      <MemoryRouter>
        <SearchForm />
        <LocationProbe />
      </MemoryRouter>
    );
    const container = document.body.appendChild(document.createElement('div'));
    container.innerHTML = renderToString(ui);
    (container.querySelector('input[name="q"]') as HTMLInputElement).value = 'sony wh-1000xm5';
    render(ui, { container, hydrate: true });
    await userEvent.click(screen.getByRole('button', { name: 'Compare prices' }));
    expect(await searchedRequest()).toMatchObject({ query: 'sony wh-1000xm5' });
  });

  it('searches the words in the box when the search arrives before the app has seen them typed', async () => {
    renderWithProviders(<SearchForm />);
    // Typed while the app was taking over, and the search sent before any input event reached it.
    (box() as HTMLInputElement).value = 'https://www.bestbuy.com/site/sony-wh-1000xm5/6505727.p';
    fireEvent.submit(box().closest('form') as HTMLFormElement);
    expect(await searchedRequest()).toMatchObject({ url: 'https://www.bestbuy.com/site/sony-wh-1000xm5/6505727.p' });
  });
});

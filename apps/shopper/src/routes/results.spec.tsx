import { errorResponse, jsonResponse } from '@pricehunt/api-client/testing';
import { storeProductRequest } from '@pricehunt/direct-url';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HISTORY_STORAGE_KEY } from '../features/library/local-store';
import { searchOffer, searchResult, REQUEST_ID } from '../testing/fixtures';
import { mockApi, renderWithProviders } from '../testing/render-with-providers';
import ResultsPage from './results';
import { leftOutWords } from '../features/search/describe';
import { present, type SearchResult, type SearchSource } from '@pricehunt/contracts';

const PATH = '/new-search/:requestId/:slug';
const ROUTE = `/new-search/${REQUEST_ID}/amazon-com-b09xs7jwhh`;
const productDetail = {
  success: true,
  product: searchResult().product,
  offers: [],
  priceHistory: [],
};

/** The answer to typed words, searched as `title`, that name no product (unless `overrides` says otherwise). */
function typedAnswer(query: string, title: string, overrides: Partial<SearchResult> = {}): SearchResult {
  const base = searchResult();
  return searchResult({
    input: { url: null, query },
    identifiedBy: 'query',
    source: { ...base.source, offerId: null, retailer: null, title, brand: null, model: null, priceCents: null, url: null, canonicalUrl: null, externalId: null },
    product: null,
    offers: [],
    ...overrides,
  });
}

function renderResults(layout: 'full' | 'compact' = 'full') {
  return renderWithProviders(<ResultsPage layout={layout} />, { route: ROUTE, path: PATH, app: true });
}

afterEach(() => {
  delete window.dataLayer;
});

describe('results page', () => {
  it('asks the API with the stored request and shows every offer cheapest first with links through /api/redirect', async () => {
    storeProductRequest(REQUEST_ID, { url: 'https://www.amazon.com/dp/B09XS7JWHH', timestamp: 1 });
    const api = mockApi({ 'POST /api/search': jsonResponse(searchResult()), 'GET /api/products/7': jsonResponse(productDetail) });
    renderResults();

    expect(await screen.findByRole('heading', { level: 1, name: 'Sony WH-1000XM5 Wireless Headphones' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Product page' })).toHaveAttribute('href', '/product/7/sony-wh-1000xm5-wireless-headphones');
    expect(api.requestsTo('POST /api/search')[0]?.body).toMatchObject({ requestId: REQUEST_ID, url: 'https://www.amazon.com/dp/B09XS7JWHH', sessionId: expect.any(String) });
    expect(screen.getByText('Exact listing found in our catalog')).toBeInTheDocument();
    expect(screen.getByText('94% match')).toBeInTheDocument();

    const offers = within(screen.getByRole('list', { name: 'Offers, cheapest first' })).getAllByRole('listitem');
    expect(offers.map((item) => within(item).getByRole('link').textContent)).toEqual(['Go to Walmart', 'Go to Best Buy', 'Go to Amazon']);
    expect(within(offers[0] as HTMLElement).getByText('Best price')).toBeInTheDocument();
    expect(within(offers[0] as HTMLElement).getByText('Save $70.00 vs. your link')).toBeInTheDocument();
    expect(within(offers[1] as HTMLElement).getByText('+ $5.99 shipping')).toBeInTheDocument();
    expect(within(offers[2] as HTMLElement).getByText('The offer you pasted')).toBeInTheDocument();

    const walmart = screen.getByRole('link', { name: 'Go to Walmart' });
    expect(walmart.getAttribute('href')).toMatch(/^\/api\/redirect\?to=https%3A%2F%2Fwww\.walmart\.com/);
    expect(walmart).toHaveAttribute('rel', 'sponsored nofollow noopener');
    expect(walmart).toHaveAttribute('target', '_blank');
    // Several offers of one retailer stay apart for screen readers: the link is described by its total and listing.
    expect(walmart).toHaveAccessibleDescription('$329.99 Sony WH-1000XM5 Wireless Noise Cancelling Headphones');
    expect(await screen.findByRole('heading', { name: 'Price history' })).toBeInTheDocument();
  });

  it('offers the compared product’s other versions, each a link to its page, the compared one marked', async () => {
    const base = searchResult();
    const product = present(base.product);
    const version = (id: number, colour: string, bestPriceCents: number) => ({ product: { ...product, id, title: `Sony WH-1000XM5 Wireless Headphones (${colour})`, bestPriceCents }, variant: colour });
    const answer = searchResult({ product: { ...product, title: 'Sony WH-1000XM5 Wireless Headphones (Black)' }, variants: [version(7, 'Black', 32_999), version(8, 'Silver', 31_999)] });
    storeProductRequest(REQUEST_ID, { url: 'https://www.amazon.com/dp/B09XS7JWHH', timestamp: 1 });
    mockApi({ 'POST /api/search': jsonResponse(answer), 'GET /api/products/7': jsonResponse(productDetail) });
    renderResults();
    const line = await screen.findByRole('navigation', { name: '2 versions' });
    expect(within(line).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Black$329.99', 'Silver$319.99']);
    expect(within(line).getByText('Black').closest('[aria-current="page"]')).not.toBeNull();
    expect(within(line).getByRole('link', { name: 'Sony WH-1000XM5 Wireless Headphones (Silver), $319.99' })).toHaveAttribute('href', '/product/8/sony-wh-1000xm5-wireless-headphones-silver');
  });

  it('shows what a page the catalog does not know says: its price at the shop it is on, its brand, model and GTIN', async () => {
    const url = 'https://www.walmart.com/ip/Evenflo-Big-Kid-High-Back-Booster-Car-Seat-Denver/42338107';
    storeProductRequest(REQUEST_ID, { url, timestamp: 1 });
    const base = searchResult();
    const source = { ...base.source, offerId: null, retailer: null, url, canonicalUrl: url, title: 'Evenflo Big Kid High Back Booster Car Seat, Denver', brand: 'Evenflo', model: '31911718', gtin: '00032884187614', priceCents: 3730, currency: 'USD' };
    mockApi({ 'POST /api/search': jsonResponse(searchResult({ identifiedBy: 'page-metadata', source, product: null, offers: [], matches: [], similarProducts: [] })) });
    renderResults();
    expect(await screen.findByRole('heading', { level: 1, name: 'Evenflo Big Kid High Back Booster Car Seat, Denver' })).toBeInTheDocument();
    expect(screen.getByText('Evenflo · 31911718')).toBeInTheDocument();
    expect(screen.getByText('Your link', { selector: 'dt' }).parentElement).toHaveTextContent('Your link$37.30 at walmart.com');
    expect(screen.getByText('GTIN', { selector: 'dt' }).parentElement).toHaveTextContent('GTIN032884187614');
  });

  /** The "Your link" line the results show for a pasted page the catalog does not know, as the search answers it. */
  async function yourLinkLine(source: SearchSource): Promise<string | null | undefined> {
    if (!source.url || !source.title) throw new Error('a pasted page has its address and a title');
    storeProductRequest(REQUEST_ID, { url: source.url, timestamp: 1 });
    mockApi({ 'POST /api/search': jsonResponse(searchResult({ identifiedBy: 'page-metadata', source, product: null, offers: [], matches: [], similarProducts: [] })) });
    const { unmount } = renderResults();
    expect(await screen.findByRole('heading', { level: 1, name: source.title })).toBeInTheDocument();
    const line = screen.getByText('Your link', { selector: 'dt' }).parentElement?.textContent;
    unmount();
    return line;
  }
  const pastedPage = (url: string, over: Partial<SearchSource>): SearchSource => ({ ...searchResult().source, offerId: null, retailer: null, url, canonicalUrl: url, brand: null, model: null, gtin: null, ...over });

  it('says a pasted page that shows no price is out of stock at its shop, and a priced one that is sold out', async () => {
    const hobit = pastedPage('https://carobnaknjiga.rs/hobit', { title: 'Hobit', priceCents: null, currency: null, availability: 'out_of_stock' });
    expect(await yourLinkLine(hobit)).toBe('Your linkOut of stock at carobnaknjiga.rs');
    expect(await yourLinkLine({ ...hobit, priceCents: 64_900, currency: 'RSD' })).toMatch(/^Your link.*649\.00 at carobnaknjiga\.rs, out of stock$/);
  });

  it('says a pasted page that shows no price and is not sold out shows none at its shop', async () => {
    const chip = pastedPage('https://jlcpcb.com/partdetail/STM32F407VGT6', { title: 'STM32F407VGT6', priceCents: null, currency: null, availability: 'in_stock' });
    expect(await yourLinkLine(chip)).toBe('Your linkNo price shown at jlcpcb.com');
    expect(await yourLinkLine({ ...chip, availability: null })).toBe('Your linkNo price shown at jlcpcb.com');
  });

  it('says the pasted page’s price is a used or refurbished one where the page sells the item so', async () => {
    const book = pastedPage('https://www.amazon.co.uk/dp/059652692X', { title: 'Asterisk Cookbook', priceCents: 44_262, currency: 'GBP', condition: 'used', availability: 'in_stock' });
    expect(await yourLinkLine(book)).toBe('Your link£442.62 used at amazon.co.uk');
    expect(await yourLinkLine({ ...book, condition: 'refurbished' })).toBe('Your link£442.62 refurbished at amazon.co.uk');
    expect(await yourLinkLine({ ...book, condition: 'new' })).toBe('Your link£442.62 at amazon.co.uk');
  });

  it('tells no match confidence for a product that is the pasted page alone', async () => {
    storeProductRequest(REQUEST_ID, { url: 'https://shop.example/ps5', timestamp: 1 });
    const base = searchResult();
    const pasted = searchOffer({ id: 9, retailer: { id: 'shop.example', name: 'Shop' }, priceCents: 49_999, url: 'https://shop.example/ps5', savingsCents: 0, isSource: true });
    mockApi({ 'POST /api/search': jsonResponse(searchResult({ identifiedBy: 'page-metadata', product: { ...present(base.product), offerCount: 1, confidence: 1 }, offers: [pasted] })) });
    renderResults();
    expect(await screen.findByText('Identified from the product page')).toBeInTheDocument();
    expect(screen.queryByText('Match confidence')).not.toBeInTheDocument();
    expect(screen.queryByText('100% match')).not.toBeInTheDocument();
  });

  it('says when a pasted page could not be read, searches its link’s words, and keeps the link in the box', async () => {
    const url = 'https://www.amazon.com/Lumetra-K7-Mechanical-Keyboard/dp/B0LUMETRA7';
    storeProductRequest(REQUEST_ID, { url, timestamp: 1 });
    const base = searchResult();
    const source = { ...base.source, offerId: null, retailer: { id: 'amazon', name: 'Amazon' }, url, canonicalUrl: url, title: 'Lumetra K7 Mechanical Keyboard', brand: null, model: null, gtin: null, priceCents: null, currency: null };
    const answer = searchResult({ input: { url, query: null }, identifiedBy: 'url-slug', source, product: null, offers: [], matches: [], similarProducts: [], unreadPage: { reason: 'blocked', shop: 'Amazon' } });
    mockApi({ 'POST /api/search': jsonResponse(answer) });
    const { unmount } = renderResults();
    expect(await screen.findByRole('heading', { level: 1, name: 'Lumetra K7 Mechanical Keyboard' })).toBeInTheDocument();
    expect(screen.getByText(/We could not read this page at Amazon: the shop refused our request\./)).toHaveTextContent('We searched for the words in its link, “Lumetra K7 Mechanical Keyboard”, instead.');
    expect(screen.getByRole('combobox')).toHaveValue(url);
    expect(screen.getByText('Guessed from the words in the link')).toBeInTheDocument();
    // A page never read tells nothing of its price: the header has no line for the link.
    expect(screen.queryByText('Your link')).not.toBeInTheDocument();
    unmount();

    // A link with no words in its path is named by its shop, never by the link itself.
    mockApi({ 'POST /api/search': jsonResponse({ ...answer, source: { ...source, title: null }, unreadPage: { reason: 'timeout', shop: 'Amazon' } }) });
    renderResults();
    expect(await screen.findByRole('heading', { level: 1, name: 'A page at Amazon' })).toBeInTheDocument();
    expect(screen.getByText(/the shop took too long to answer\. Its link holds no words to search for/)).toBeInTheDocument();
    expect(screen.queryByText('How we found it')).not.toBeInTheDocument();
    expect(screen.queryByText('Guessed from the words in the link')).not.toBeInTheDocument();
    expect(screen.queryByText('Your link')).not.toBeInTheDocument();
  });

  it('names the cheapest offer one can buy as the best price when a cheaper one is sold out', async () => {
    storeProductRequest(REQUEST_ID, { url: 'https://www.amazon.com/dp/B09XS7JWHH', timestamp: 1 });
    const base = searchResult();
    const result = searchResult({
      product: { ...present(base.product), bestPriceCents: 32_999 },
      offers: [
        searchOffer({ id: 4, retailer: { id: 'ebay', name: 'eBay' }, priceCents: 29_999, savingsCents: 10_000, availability: 'out_of_stock' }),
        ...base.offers,
      ],
    });
    mockApi({ 'POST /api/search': jsonResponse(result), 'GET /api/products/7': jsonResponse(productDetail) });
    renderResults();
    await screen.findByRole('heading', { level: 1 });

    const offers = within(screen.getByRole('list', { name: 'Offers, cheapest first' })).getAllByRole('listitem');
    expect(within(offers[0] as HTMLElement).getByText('Out of stock')).toBeInTheDocument();
    expect(within(offers[0] as HTMLElement).queryByText('Best price')).not.toBeInTheDocument();
    expect(within(offers[1] as HTMLElement).getByText('Best price')).toBeInTheDocument();
    const facts = present(screen.getByText('Best price', { selector: 'dt' }).parentElement);
    expect(facts).toHaveTextContent('Best price$329.99 at Walmart');
  });

  it('reports a wrong product: asks what is wrong, sends it with this answer and product, and thanks', async () => {
    storeProductRequest(REQUEST_ID, { url: 'https://www.amazon.com/dp/B09XS7JWHH', timestamp: 1 });
    const api = mockApi({
      'POST /api/search': jsonResponse(searchResult()),
      'GET /api/products/7': jsonResponse(productDetail),
      'POST /api/match-reports': jsonResponse({ success: true, reportId: 'r-1' }, { status: 201 }),
    });
    renderResults();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Wrong product?' }));
    const dialog = screen.getByRole('dialog', { name: 'Is this the wrong product?' });
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Choose what is wrong');
    expect(api.requestsTo('POST /api/match-reports')).toHaveLength(0);

    await user.click(within(dialog).getByRole('radio', { name: 'It is another variant (colour, size, capacity)' }));
    await user.type(within(dialog).getByLabelText('Anything that helps us (optional)'), 'I pasted the silver one');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect((await screen.findAllByText('Thank you. We will check this match.')).length).toBeGreaterThan(0);
    expect(api.requestsTo('POST /api/match-reports')[0]?.body).toEqual({ requestId: REQUEST_ID, productId: 7, reason: 'different_variant', note: 'I pasted the silver one' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reported, thank you' })).toBeDisabled();
  });

  it('keeps the report dialog open with the server’s message when sending fails', async () => {
    storeProductRequest(REQUEST_ID, { url: 'https://www.amazon.com/dp/B09XS7JWHH', timestamp: 1 });
    mockApi({
      'POST /api/search': jsonResponse(searchResult()),
      'GET /api/products/7': jsonResponse(productDetail),
      'POST /api/match-reports': errorResponse(429, 'RATE_LIMITED', 'Too many requests, try again later'),
    });
    renderResults();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Wrong product?' }));
    const dialog = screen.getByRole('dialog', { name: 'Is this the wrong product?' });
    await user.click(within(dialog).getByRole('radio', { name: 'It is another product' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Too many requests, try again later');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Wrong product?' })).toBeInTheDocument();
  });

  it('offers, right under a product read from a link’s words, the others those words fit about as well', async () => {
    storeProductRequest(REQUEST_ID, { url: 'https://www.amazon.com/sony-wh-1000xm5-wireless-headphones/dp/B0UNKNOWN1', timestamp: 1 });
    const base = searchResult();
    const product = { ...present(base.product), confidence: 0.74 };
    const other = (id: number, title: string, confidence: number) => ({ ...product, id, title, confidence });
    mockApi({
      'POST /api/search': jsonResponse(
        searchResult({
          identifiedBy: 'url-slug',
          product,
          similarProducts: [other(8, 'Sony WH-1000XM5 Wireless Headphones, Silver', 0.71), other(9, 'Sony WH-1000XM5 Wireless Headphones, Blue', 0.66), other(10, 'Sony WF-1000XM5 Earbuds', 0.4)],
        }),
      ),
      'GET /api/products/7': jsonResponse(productDetail),
    });
    renderResults();
    const close = await screen.findByRole('region', { name: 'Not the one you pasted?' });
    expect(within(close).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Sony WH-1000XM5 Wireless Headphones, Silver', 'Sony WH-1000XM5 Wireless Headphones, Blue']);
    expect(within(close).getByText(/fits 2 other products about as well/)).toBeInTheDocument();
    // The weaker candidate stays below, once.
    expect(within(screen.getByRole('region', { name: 'Similar products' })).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Sony WF-1000XM5 Earbuds']);
  });

  it('does not second-guess a link it found in the catalog', async () => {
    storeProductRequest(REQUEST_ID, { url: 'https://www.amazon.com/dp/B09XS7JWHH', timestamp: 1 });
    const base = searchResult();
    mockApi({
      'POST /api/search': jsonResponse(searchResult({ similarProducts: [{ ...present(base.product), id: 8, title: 'Sony WH-1000XM5 Silver', confidence: 0.94 }] })),
      'GET /api/products/7': jsonResponse(productDetail),
    });
    renderResults();
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('region', { name: 'Not the one you pasted?' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Similar products' })).getByText('Sony WH-1000XM5 Silver')).toBeInTheDocument();
  });

  it('pushes product_search and price_comparison to the dataLayer and records the search in the history', async () => {
    storeProductRequest(REQUEST_ID, { url: 'https://www.amazon.com/dp/B09XS7JWHH', timestamp: 1 });
    mockApi({ 'POST /api/search': jsonResponse(searchResult()), 'GET /api/products/7': jsonResponse(productDetail) });
    renderResults();
    await screen.findByRole('heading', { level: 1 });

    const events = (window.dataLayer ?? []) as Array<{ event: string; ecommerce: { items: Array<{ item_id: string; item_name: string; price: number }> }; custom_parameters: { alternatives_count?: number } }>;
    expect(events.map((e) => e.event)).toEqual(['product_search', 'price_comparison']);
    expect(events[0]?.ecommerce.items[0]).toMatchObject({ item_id: 'https://www.amazon.com/dp/B09XS7JWHH', item_name: 'Sony WH-1000XM5 Wireless Headphones', price: 399.99 });
    expect(events[1]?.custom_parameters.alternatives_count).toBe(2);

    await waitFor(() => expect(JSON.parse(localStorage.getItem(HISTORY_STORAGE_KEY) ?? '[]')).toHaveLength(1));
    expect(JSON.parse(localStorage.getItem(HISTORY_STORAGE_KEY) ?? '[]')[0]).toMatchObject({ requestId: REQUEST_ID, slug: 'amazon-com-b09xs7jwhh', kind: 'url', bestPriceCents: 32_999 });
  });

  it('loads the stored result by request id when this browser has no record of it (reload, shared link)', async () => {
    const api = mockApi({ [`GET /api/search/${REQUEST_ID}`]: jsonResponse(searchResult()) });
    renderResults('compact');
    expect(await screen.findByRole('link', { name: 'Go to Walmart' })).toBeInTheDocument();
    expect(api.requestsTo('POST /api/search')).toHaveLength(0);
    expect(screen.getByRole('combobox', { name: 'Paste a product link or search' })).toHaveValue('');
    // The older compact layout has no chart.
    expect(screen.queryByRole('heading', { name: 'Price history' })).not.toBeInTheDocument();
  });

  it('keeps the words of a text search in the search box, also while the result loads, and leaves it empty for a link', async () => {
    storeProductRequest(REQUEST_ID, { query: 'sony xm5', timestamp: 1 });
    mockApi({ 'POST /api/search': jsonResponse({ ...searchResult(), input: { url: null, query: 'sony xm5' } }), 'GET /api/products/7': jsonResponse(productDetail) });
    renderResults();
    expect(screen.getByRole('combobox', { name: 'Paste a product link or search' })).toHaveValue('sony xm5');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByRole('combobox', { name: 'Paste a product link or search' })).toHaveValue('sony xm5');
  });

  it('lists the products that words fitting several of them match, by match or by price, each one click from its comparison', async () => {
    const base = searchResult().product;
    if (!base) throw new Error('the fixture has a product');
    const watch = (id: number, title: string, bestPriceCents: number | null, confidence: number) => ({
      ...base,
      id,
      title,
      brand: 'Apple',
      model: null,
      offerCount: 2,
      bestPriceCents,
      confidence,
    });
    const result = searchResult({
      input: { url: null, query: 'apple watch' },
      identifiedBy: 'query',
      source: { ...searchResult().source, offerId: null, retailer: null, title: 'apple watch', priceCents: null, url: null, canonicalUrl: null, externalId: null },
      product: null,
      offers: [],
      matches: [watch(11, 'Apple Watch SE GPS 44mm Starlight', 24_900, 0.8), watch(12, 'Apple Watch Series 10 GPS 42mm Jet Black', 39_900, 0.74), watch(13, 'Apple Watch Series 9 GPS 41mm Pink', null, 0.7), watch(14, 'Apple Watch SE GPS 40mm Midnight', 19_900, 0.66)],
      similarProducts: [watch(15, 'Apple Watch Ultra 2 49mm Titanium', 79_900, 0.35)],
    });
    storeProductRequest(REQUEST_ID, { query: 'apple watch', timestamp: 1 });
    const api = mockApi({ 'POST /api/search': jsonResponse(result) });
    renderResults();

    expect(await screen.findByRole('heading', { level: 1, name: '4 products match “apple watch”' })).toBeInTheDocument();
    // The title is set by an effect, which React may run after the heading is drawn.
    await waitFor(() => expect(document.title).toMatch(/^Products matching “apple watch”/));
    // No single product was named: no offers, no price chart, no "could not find" message.
    expect(screen.queryByRole('heading', { name: /offers/ })).not.toBeInTheDocument();
    expect(screen.queryByText(/could not find/)).not.toBeInTheDocument();
    const titles = () => within(screen.getByRole('region', { name: /products match/ })).getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(titles()).toEqual(['Apple Watch SE GPS 44mm Starlight', 'Apple Watch Series 10 GPS 42mm Jet Black', 'Apple Watch Series 9 GPS 41mm Pink', 'Apple Watch SE GPS 40mm Midnight']);
    // Titles that two lines show whole need no line of the words that tell them apart; those whose colour begins past
    // 30 characters, which two narrow lines may hide, say it again.
    expect([...screen.getByRole('region', { name: /products match/ }).querySelectorAll('.ph-product-card__differences')].map((line) => line.textContent)).toEqual(['Jet Black', 'Pink']);

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Lowest price');
    expect(titles()).toEqual(['Apple Watch SE GPS 40mm Midnight', 'Apple Watch SE GPS 44mm Starlight', 'Apple Watch Series 10 GPS 42mm Jet Black', 'Apple Watch Series 9 GPS 41mm Pink']);
    expect(within(screen.getByRole('region', { name: 'More products' })).getByText('Apple Watch Ultra 2 49mm Titanium')).toBeInTheDocument();
    // More of the same: the category they share, narrowed to their one brand.
    expect(screen.getByRole('link', { name: 'Browse all Apple headphones' })).toHaveAttribute('href', '/browse/headphones?brand=Apple');

    // The history keeps the words, without an offer count a list does not have.
    await waitFor(() => expect(JSON.parse(localStorage.getItem(HISTORY_STORAGE_KEY) ?? '[]')).toHaveLength(1));
    expect(JSON.parse(localStorage.getItem(HISTORY_STORAGE_KEY) ?? '[]')[0]).toMatchObject({ kind: 'query', input: 'apple watch', productId: null, offerCount: null });

    await userEvent.click(screen.getByRole('button', { name: 'Compare prices for Apple Watch SE GPS 40mm Midnight' }));
    await waitFor(() => expect(api.requestsTo('POST /api/search').at(-1)?.body).toMatchObject({ query: 'Apple Watch SE GPS 40mm Midnight' }));
  });

  it('says which words it searched when it corrected misspelt ones, and keeps the typed words in the box', async () => {
    const result = searchResult({
      input: { url: null, query: 'sony headphnes xm5' },
      correctedQuery: 'sony headphones xm5',
      identifiedBy: 'query',
      source: { ...searchResult().source, offerId: null, retailer: null, title: 'sony headphones xm5', priceCents: null, url: null, canonicalUrl: null, externalId: null },
    });
    storeProductRequest(REQUEST_ID, { query: 'sony headphnes xm5', timestamp: 1 });
    mockApi({ 'POST /api/search': jsonResponse(result), 'GET /api/products/7': jsonResponse(productDetail) });
    renderResults();

    await screen.findByRole('heading', { level: 1, name: 'Sony WH-1000XM5 Wireless Headphones' });
    const note = screen.getByText(/Showing results for/);
    expect(note).toHaveTextContent('Showing results for sony headphones xm5 · you typed “sony headphnes xm5”');
    expect(within(note).getByText('sony headphones xm5').tagName).toBe('STRONG');
    expect(screen.getByRole('combobox', { name: 'Paste a product link or search' })).toHaveValue('sony headphnes xm5');
  });

  it('says which typed words it left out where it only left words out', async () => {
    const result = searchResult({
      input: { url: null, query: 'security camera' },
      correctedQuery: 'camera',
      identifiedBy: 'query',
      source: { ...searchResult().source, offerId: null, retailer: null, title: 'camera', priceCents: null, url: null, canonicalUrl: null, externalId: null },
    });
    storeProductRequest(REQUEST_ID, { query: 'security camera', timestamp: 1 });
    mockApi({ 'POST /api/search': jsonResponse(result), 'GET /api/products/7': jsonResponse(productDetail) });
    renderResults();

    await screen.findByRole('heading', { level: 1, name: 'Sony WH-1000XM5 Wireless Headphones' });
    expect(screen.getByText(/Showing results for/)).toHaveTextContent('Showing results for camera · “security” left out, no product fits it with the other words');
    expect(leftOutWords('Soundbar for TV', 'soundbar')).toBe('for tv');
    expect(leftOutWords('sony headphnes xm5', 'sony headphones xm5')).toBeNull();
  });

  it('does not speak of corrections when the words were searched as typed', async () => {
    storeProductRequest(REQUEST_ID, { url: 'https://www.amazon.com/dp/B09XS7JWHH', timestamp: 1 });
    mockApi({ 'POST /api/search': jsonResponse(searchResult()), 'GET /api/products/7': jsonResponse(productDetail) });
    renderResults();
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByText(/Showing results for/)).not.toBeInTheDocument();
  });

  it('shows the error with "Try again", which asks again', async () => {
    let calls = 0;
    mockApi({
      [`GET /api/search/${REQUEST_ID}`]: () => (++calls === 1 ? errorResponse(404, 'NOT_FOUND', 'No search with this request id') : jsonResponse(searchResult())),
      'GET /api/products/7': jsonResponse(productDetail),
    });
    renderResults();
    expect(await screen.findByText('No search with this request id')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Go to Walmart' })).toBeInTheDocument();
  });

  it('says honestly when no other retailer has the product', async () => {
    const only = searchResult({ offers: [searchOffer({ id: 1, retailer: { id: 'amazon', name: 'Amazon' }, priceCents: 39_999, isSource: true, isBestPrice: true, savingsCents: 0 })] });
    mockApi({ [`GET /api/search/${REQUEST_ID}`]: jsonResponse(only), 'GET /api/products/7': jsonResponse(productDetail) });
    renderResults();
    expect(await screen.findByRole('heading', { name: 'No other retailer has this product yet' })).toBeInTheDocument();
    expect(screen.getByText(/Only Amazon sells it/)).toBeInTheDocument();
  });

  it('offers to search the words of a link nothing matched, and shows products that share them', async () => {
    const base = searchResult();
    const unmatched = searchResult({
      input: { url: 'https://shop.example/p/sony-wh-1000xm9-headphones', query: null },
      identifiedBy: 'url-slug',
      source: { ...base.source, offerId: null, retailer: null, title: 'sony wh 1000xm9 headphones', brand: null, model: null, priceCents: null, externalId: null },
      product: null,
      offers: [],
      similarProducts: base.product ? [{ ...base.product, confidence: 0 }] : [],
    });
    const api = mockApi({ [`GET /api/search/${REQUEST_ID}`]: jsonResponse(unmatched), 'POST /api/search': jsonResponse(searchResult()), 'GET /api/products/7': jsonResponse(productDetail) });
    renderResults();
    expect(await screen.findByRole('heading', { name: 'We could not find this product at other retailers' })).toBeInTheDocument();
    expect(screen.getByText(/Products that share its words are below/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Similar products' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Search for “sony wh 1000xm9 headphones”' }));
    await waitFor(() => expect(api.requestsTo('POST /api/search')).toHaveLength(1));
    expect(api.requestsTo('POST /api/search')[0]?.body).toMatchObject({ query: 'sony wh 1000xm9 headphones' });
  });

  it('says that nothing the words fit is within a typed price, and offers the words at any price', async () => {
    const none = typedAnswer('gaming mouse $50 or less', 'gaming mouse', { priceRange: { minCents: null, maxCents: 5_000, currency: 'USD' } });
    storeProductRequest(REQUEST_ID, { query: 'gaming mouse $50 or less', timestamp: 1 });
    mockApi({ 'POST /api/search': jsonResponse(none) });
    renderResults();

    expect(await screen.findByRole('heading', { level: 1, name: 'No product matches “gaming mouse $50 or less”' })).toBeInTheDocument();
    expect(screen.getByText(/fits these words closely enough at that price\. Widen the price, or show the words at any price\./)).toBeInTheDocument();
    expect(screen.getByText(/Priced up to \$50/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Show all prices' })).toHaveAttribute('href', '/search?q=gaming%20mouse');
    // The empty page's first action is that search too.
    expect(screen.getByRole('link', { name: 'Show “gaming mouse” at any price' })).toHaveAttribute('href', '/search?q=gaming%20mouse');
  });

  it('shows the products the words fit priced nearest a typed price that none is within, under that heading', async () => {
    const base = searchResult();
    const nearest = base.product ? [{ ...base.product, confidence: 0, bestPriceCents: 11_900 }] : [];
    const none = typedAnswer('earbuds under 100', 'earbuds', { priceRange: { minCents: null, maxCents: 10_000, currency: 'USD' }, similarProducts: nearest });
    storeProductRequest(REQUEST_ID, { query: 'earbuds under 100', timestamp: 1 });
    mockApi({ 'POST /api/search': jsonResponse(none) });
    renderResults();

    expect(await screen.findByRole('heading', { level: 1, name: 'No product matches “earbuds under 100”' })).toBeInTheDocument();
    expect(screen.getByText(/at that price\. The products they fit that are priced nearest it are below\./)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Nearest your price' })).toBeInTheDocument();
  });

  it('shows the used and refurbished offers from the start of a product named with a condition typed, and hides them on request', async () => {
    const base = searchResult();
    const used = typedAnswer('used sony wh-1000xm5', 'sony wh-1000xm5', {
      product: base.product,
      offers: [...base.offers, searchOffer({ id: 9, retailer: { id: 'ebay', name: 'eBay' }, priceCents: 21_000, condition: 'used' })],
      condition: 'used',
    });
    storeProductRequest(REQUEST_ID, { query: 'used sony wh-1000xm5', timestamp: 1 });
    mockApi({ 'POST /api/search': jsonResponse(used), 'GET /api/products/7': jsonResponse(productDetail) });
    renderResults();

    const box = await screen.findByRole('checkbox', { name: 'Include used and refurbished (1)' });
    expect(box).toBeChecked();
    const links = () => within(screen.getByRole('list', { name: 'Offers, cheapest first' })).getAllByRole('listitem').map((item) => within(item).getByRole('link').textContent);
    expect(links()).toContain('Go to eBay');
    await userEvent.click(box);
    expect(box).not.toBeChecked();
    expect(links()).not.toContain('Go to eBay');
  });

  it('says that nothing the words fit is offered in a typed condition, and offers the words in every condition', async () => {
    const none = typedAnswer('refurbished tv', 'tv', { condition: 'refurbished' });
    storeProductRequest(REQUEST_ID, { query: 'refurbished tv', timestamp: 1 });
    mockApi({ 'POST /api/search': jsonResponse(none) });
    renderResults();

    expect(await screen.findByRole('heading', { level: 1, name: 'No product matches “refurbished tv”' })).toBeInTheDocument();
    expect(screen.getByText(/fits these words closely enough and is offered refurbished\. Search the words in every condition, or try another product\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Show every condition' })).toHaveAttribute('href', '/search?q=tv');
  });

  it('says plainly that no product matches typed words, with products sharing some of them', async () => {
    const base = searchResult();
    const unmatched = typedAnswer('instant pot', 'instant pot', {
      similarProducts: base.product ? [{ ...base.product, title: 'Canon PIXMA TS2792 Printer, Instant Ink Ready', confidence: 0.3 }] : [],
    });
    storeProductRequest(REQUEST_ID, { query: 'instant pot', timestamp: 1 });
    mockApi({ 'POST /api/search': jsonResponse(unmatched) });
    renderResults();

    expect(await screen.findByRole('heading', { level: 1, name: 'No product matches “instant pot”' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toMatch(/^No product matches “instant pot”/));
    expect(screen.getByText(/Products that share some of them are below/)).toBeInTheDocument();
    // No product header, offers count or price chart for words that named nothing.
    expect(screen.queryByText('Matched to your search words')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /offers/ })).not.toBeInTheDocument();
    const similar = screen.getByRole('region', { name: 'Products that share some of the words' });
    expect(within(similar).getByText('Canon PIXMA TS2792 Printer, Instant Ink Ready')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse categories' })).toHaveAttribute('href', '/browse');
  });

  it('names the products shown under unmatched words for mentioning them when each holds every word', async () => {
    const base = searchResult();
    const laptop = (title: string) => (base.product ? [{ ...base.product, title, category: 'Laptops', confidence: 0.3 }] : []);
    const unmatched = typedAnswer('16 gb ram', '16 gb ram', {
      similarProducts: [...laptop('Razer Blade 14 Gaming Laptop (16GB RAM, 1TB SSD, Black)'), ...laptop('Dell XPS 14 9440 Laptop (16GB RAM, 512GB SSD, Platinum)')],
    });
    storeProductRequest(REQUEST_ID, { query: '16 gb ram', timestamp: 1 });
    mockApi({ 'POST /api/search': jsonResponse(unmatched) });
    renderResults();

    expect(await screen.findByRole('heading', { level: 1, name: 'No product matches “16 gb ram”' })).toBeInTheDocument();
    expect(screen.getByText(/The products below mention them in their names, as something they have or fit\. Name the kind of product you want with them/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Search “laptops 16 gb ram”' })).toHaveAttribute('href', '/search?q=laptops%2016%20gb%20ram');
    const similar = screen.getByRole('region', { name: 'Products that mention these words' });
    expect(within(similar).getByText('Dell XPS 14 9440 Laptop (16GB RAM, 512GB SSD, Platinum)')).toBeInTheDocument();
  });

  it('names the products shown under unmatched words for sharing some of them when a number typed is only part of theirs', async () => {
    // '10.9"' holds no 9, and '10th' no '9th': the iPad (10th Generation) mentions not "ipad 9th generation".
    const base = searchResult();
    const tablet = base.product ? [{ ...base.product, title: 'Apple iPad (10th Generation) Wi-Fi (10.9", 64GB, Blue)', category: 'Tablets', confidence: 0.3 }] : [];
    const unmatched = typedAnswer('ipad 9th generation', 'ipad 9th generation', { similarProducts: tablet });
    storeProductRequest(REQUEST_ID, { query: 'ipad 9th generation', timestamp: 1 });
    mockApi({ 'POST /api/search': jsonResponse(unmatched) });
    renderResults();

    expect(await screen.findByRole('heading', { level: 1, name: 'No product matches “ipad 9th generation”' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Products that share some of the words' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Search “tablets/ })).not.toBeInTheDocument();
  });

  it('adds the product to favorites and removes it again, with toasts', async () => {
    mockApi({ [`GET /api/search/${REQUEST_ID}`]: jsonResponse(searchResult()), 'GET /api/products/7': jsonResponse(productDetail) });
    renderResults();
    const add = await screen.findByRole('button', { name: 'Add to favorites' });
    // Enabled once the session check has said where favorites are kept.
    await waitFor(() => expect(add).toBeEnabled());
    await userEvent.click(add);
    expect(await screen.findByRole('button', { name: 'Remove from favorites' })).toBeInTheDocument();
    expect((await screen.findAllByText('Added to favorites: Sony WH-1000XM5 Wireless Headphones')).length).toBeGreaterThan(0);
    expect(JSON.parse(localStorage.getItem('pricehunt_favorites') ?? '[]')[0]).toMatchObject({ productId: 7, savedPriceCents: 32_999 });
    // Price alerts are emailed: a signed-out shopper is asked to sign in for one.
    expect(screen.getByText('to get an email when the price drops.', { exact: false })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove from favorites' }));
    expect(await screen.findByRole('button', { name: 'Add to favorites' })).toBeInTheDocument();
    expect(screen.queryByText('to get an email when the price drops.', { exact: false })).not.toBeInTheDocument();
  });

  it('sets a price alert on a favorite from its comparison when signed in', async () => {
    const user = { id: 'u1', email: 'sam@example.com', createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' };
    const favorite = { productId: 7, title: 'Sony WH-1000XM5 Wireless Headphones', brand: 'Sony', imageUrl: null, savedPriceCents: 32_999, currency: 'USD', savedAt: '2026-11-20T10:00:00.000Z', currentPriceCents: 32_999, offerCount: 3, alert: null };
    const api = mockApi({
      [`GET /api/search/${REQUEST_ID}`]: jsonResponse(searchResult()),
      'GET /api/products/7': jsonResponse(productDetail),
      'GET /api/shopper/auth/session': jsonResponse({ success: true, user }),
      'GET /api/shopper/history': jsonResponse({ success: true, entries: [] }),
      'POST /api/shopper/history': (request) => jsonResponse({ success: true, entry: { ...(request.body as object), title: null, imageUrl: null, productId: null, bestPriceCents: null, currency: null, offerCount: null } }, { status: 201 }),
      'GET /api/shopper/favorites': jsonResponse({ success: true, favorites: [favorite] }),
      'GET /api/shopper/watches': () => jsonResponse({ success: true, watches: [] }),
      'PUT /api/shopper/favorites/7/alert': jsonResponse({ success: true, favorite: { ...favorite, alert: { belowCents: 29_900, setAt: '2026-11-21T10:00:00.000Z', reachedAt: null, reachedPriceCents: null } } }),
    });
    renderResults();
    await userEvent.click(await screen.findByRole('button', { name: 'Set a price alert for Sony WH-1000XM5 Wireless Headphones' }, { timeout: 5000 }));
    const price = screen.getByRole('textbox', { name: 'Email me at or below $' });
    expect(price).toHaveAttribute('placeholder', '329.99');
    await userEvent.type(price, '299');
    await userEvent.click(screen.getByRole('button', { name: 'Save alert' }));
    expect(await screen.findByText('Alert at $299.00 · we will email you when the price gets there')).toBeInTheDocument();
    expect(api.requestsTo('PUT /api/shopper/favorites/7/alert')[0]?.body).toEqual({ belowCents: 29_900 });
  });

  it('sends a Shopify business offer through trackReferral, then on through /api/redirect, even when tracking fails', async () => {
    const shop = searchOffer({
      id: 9,
      retailer: { id: 'acme', name: 'Acme Audio' },
      priceCents: 31_000,
      url: 'https://acme-audio.myshopify.com/products/xm5',
      businessDomain: 'acme-audio.myshopify.com',
      isShopify: true,
      isBestPrice: true,
    });
    const api = mockApi({
      [`GET /api/search/${REQUEST_ID}`]: jsonResponse(searchResult({ offers: [shop, ...searchResult().offers.map((o) => ({ ...o, isBestPrice: false }))] })),
      'GET /api/products/7': jsonResponse(productDetail),
      'POST /api/trackReferral': jsonResponse({ success: true, targetUrl: 'https://acme-audio.myshopify.com/products/xm5?ref=aff_1&utm_source=pricehunt', referralId: 'aff_1' }),
    });
    const opened = { location: { href: '' }, opener: {} as unknown, closed: false };
    const open = jest.spyOn(window, 'open').mockReturnValue(opened as unknown as Window);
    renderResults();

    await userEvent.click(await screen.findByRole('link', { name: 'Go to Acme Audio' }));
    await waitFor(() => expect(opened.location.href).toContain('/api/redirect?to='));
    expect(decodeURIComponent(opened.location.href)).toContain('https://acme-audio.myshopify.com/products/xm5?ref=aff_1&utm_source=pricehunt');
    expect(opened.opener).toBeNull();
    expect(api.requestsTo('POST /api/trackReferral')[0]?.body).toMatchObject({
      businessDomain: 'acme-audio.myshopify.com',
      targetUrl: 'https://acme-audio.myshopify.com/products/xm5',
      // The listing the shopper compared from: the store sees which retailer's shoppers it won.
      sourceUrl: 'https://www.amazon.com/dp/B09XS7JWHH',
      referralId: expect.stringMatching(/^aff_acme-audio-myshopify-com_\d+_[0-9a-z]+$/),
      utmSource: 'pricehunt',
      utmMedium: 'price_comparison',
      utmCampaign: 'product_referral',
    });

    // Tracking fails: the shopper still goes to the store.
    api.on('POST /api/trackReferral', errorResponse(500, 'INTERNAL_ERROR', 'boom'));
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    opened.location.href = '';
    await userEvent.click(screen.getByRole('link', { name: 'Go to Acme Audio' }));
    await waitFor(() => expect(decodeURIComponent(opened.location.href)).toContain('to=https://acme-audio.myshopify.com/products/xm5&'));
    open.mockRestore();
    jest.restoreAllMocks();
  });
});

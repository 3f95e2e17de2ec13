import type { MatchedProduct } from '@pricehunt/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../testing/render-with-providers';
import { groupLines, splitJoining, type LineGroup } from './line-cards';
import { QueryMatches } from './query-matches';

/** A version of a line as the API lists it for typed words: its name, variant in brackets, and line. */
const version = (id: number, name: string, variant: string, bestPriceCents: number | null, key = name.toLowerCase()): MatchedProduct => ({
  id,
  title: `${name} (${variant})`,
  brand: 'Apple',
  model: null,
  gtin: null,
  category: 'Smartphones',
  categorySlug: 'smartphones',
  imageUrl: null,
  offerCount: 3,
  bestPriceCents,
  currency: 'USD',
  confidence: 0.8,
  line: { key, name, variant },
});
const alone = (id: number, title: string): MatchedProduct => ({ ...version(id, title, 'x', 50_000), title, line: null });
const lineOf = (entries: ReturnType<typeof groupLines>, at: number): LineGroup => {
  const entry = entries[at];
  if (!entry || !('line' in entry)) throw new Error(`entry ${at} is no line`);
  return entry.line;
};

const PRO = 'Apple iPhone 16 Pro';
const black128 = version(1, PRO, '128GB, Black Titanium', 91_899);
const white128 = version(2, PRO, '128GB, White Titanium', 97_199);
const black256 = version(3, PRO, '256GB, Black Titanium', 98_999);
const white1tb = version(4, PRO, '1TB, White Titanium', 113_928);
const pro = [black128, white128, black256, white1tb];

describe('a line’s versions in a list', () => {
  it('are one entry where the first is listed, the products of no line and of a line of one left as they are', () => {
    const entries = groupLines([alone(9, 'Apple Watch Ultra 2'), ...pro, version(5, 'Apple iPhone 16', '128GB, Pink', 72_900)]);
    expect(entries.map((entry) => ('line' in entry ? `line:${entry.line.name}` : entry.product.title))).toEqual(['Apple Watch Ultra 2', `line:${PRO}`, 'Apple iPhone 16 (128GB, Pink)']);
    const line = lineOf(entries, 1);
    expect(line.versions.map((v) => v.variant)).toEqual(['128GB, Black Titanium', '128GB, White Titanium', '256GB, Black Titanium', '1TB, White Titanium']);
    expect(line.cheapest.id).toBe(1);
    expect(line.brand).toBe('Apple');
  });

  it('offer each size smallest first with its cheapest version, and the colours once each', () => {
    const line = lineOf(groupLines([white1tb, black256, white128, black128]), 0);
    expect(line.choices.map((c) => [c.label, c.cheapest.id, c.versions])).toEqual([
      ['128GB', 1, 2],
      ['256GB', 3, 1],
      ['1TB', 4, 1],
    ]);
    expect(line.others).toEqual(['Black Titanium', 'White Titanium']);
    const laptops = lineOf(groupLines([version(20, 'Apple MacBook Air M3', '15", 8GB RAM, 256GB SSD, Silver', 129_900, 'mba'), version(21, 'Apple MacBook Air M3', '13", 8GB RAM, 256GB SSD, Midnight', 99_900, 'mba')]), 0);
    expect(laptops.choices.map((c) => c.label)).toEqual(['13"', '15"']);
    expect(laptops.others).toEqual(['Midnight', 'Silver']);
  });

  it('of one size are chosen by colour, and variants of one part or of mixed parts each by its whole variant', () => {
    const colours = lineOf(groupLines([black128, white128]), 0);
    expect(colours.choices.map((c) => c.label)).toEqual(['Black Titanium', 'White Titanium']);
    const oneSize = (id: number, colour: string) => version(id, 'Apple MacBook Air M2', `13", 8GB RAM, 256GB SSD, ${colour}`, 87_399, 'mba');
    expect(lineOf(groupLines([oneSize(30, 'Silver'), oneSize(31, 'Space Gray')]), 0).choices.map((c) => c.label)).toEqual(['Silver', 'Space Gray']);
    expect(colours.others).toEqual([]);
    const tvs = lineOf(groupLines([version(6, 'Samsung OLED 4K S90C Smart TV', '77"', 315_700, 's90c'), version(7, 'Samsung OLED 4K S90C Smart TV', '55"', 180_499, 's90c')]), 0);
    expect(tvs.choices.map((c) => c.label)).toEqual(['55"', '77"']);
    const mixed = lineOf(groupLines([version(8, 'Anker Charger', 'Black', 1_999, 'anker'), version(10, 'Anker Charger', '20W, White', 2_499, 'anker')]), 0);
    expect(mixed.choices.map((c) => c.label)).toEqual(['Black', '20W, White']);
  });

  it('gather versions listed past the list’s length that are of a line the list shows; the rest stay apart', () => {
    const max = version(11, 'Apple iPhone 16 Pro Max', '256GB, Black Titanium', 106_599);
    const { joining, rest } = splitJoining([black128, white128], [black256, max, white1tb]);
    expect(joining.map((p) => p.id)).toEqual([3, 4]);
    expect(rest.map((p) => p.id)).toEqual([11]);
    expect(lineOf(groupLines(pro.slice(0, 2), joining), 0).versions.map((v) => v.product.id)).toEqual([1, 2, 3, 4]);
  });
});

describe('a line’s card', () => {
  it('names the line, its lowest price and versions, links each size to its cheapest version, and sorts with the list', async () => {
    const watch = { ...alone(9, 'Apple Watch Ultra 2'), bestPriceCents: 95_000 };
    // The 1TB is offered refurbished only: its choice says so, as the version's page does.
    renderWithProviders(<QueryMatches query="apple" products={[watch, ...pro.slice(0, 3)]} joining={[{ ...white1tb, bestPriceCondition: 'refurbished' }]} />);
    // The watch and the line: two products, the line's card counting its versions.
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('2 products match “apple”');
    const card = screen.getByRole('heading', { name: PRO }).closest('li') as HTMLElement;
    expect(within(card).getByRole('link', { name: PRO })).toHaveAttribute('href', '/product/1/apple-iphone-16-pro-128gb-black-titanium');
    // The 1TB joined the three the words fit.
    expect(card).toHaveTextContent('from $918.99 · 3 of 4 versions fit your words');
    const choices = within(within(card).getByRole('list', { name: `Versions of ${PRO}` }));
    const sizes = [`${PRO}, 128GB from $918.99 (fits your words)`, `${PRO}, 256GB $989.99 (fits your words)`, `${PRO}, 1TB Refurbished $1,139.28`].map((name) =>
      choices.getByRole('link', { name }),
    );
    expect(choices.getAllByRole('link')).toEqual(sizes);
    expect(sizes[2]).toHaveAttribute('href', '/product/4/apple-iphone-16-pro-1tb-white-titanium');
    expect(card).toHaveTextContent('In Black Titanium · White Titanium');
    const titles = () => [...document.querySelectorAll('.ph-product-card__title')].map((title) => title.textContent);
    expect(titles()).toEqual(['Apple Watch Ultra 2', PRO]);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Lowest price');
    expect(titles()).toEqual([PRO, 'Apple Watch Ultra 2']);
  });

  it('puts the versions the words fit first and marks them, where the line’s other versions joined them', () => {
    const AIR = 'Apple iPad Air M2 Wi-Fi';
    const air = (id: number, variant: string, cents: number) => version(id, AIR, `13", ${variant}`, cents, 'air');
    const [gray128, gray256] = [air(1, '128GB, Space Gray', 72_799), air(2, '256GB, Space Gray', 81_839)];
    const others = [air(3, '128GB, Starlight', 74_649), air(4, '128GB, Blue', 59_399), air(5, '256GB, Purple', 76_735)];
    renderWithProviders(<QueryMatches query="ipad air 13 space gray" products={[gray256, gray128]} joining={others} />);
    expect(screen.getByText(/Your words fit 2 of the 5 versions of one product, listed first; its other versions follow/)).toBeInTheDocument();
    // Every version is 13": the card says so once, and each choice by what tells it apart.
    const card = screen.getByRole('heading', { name: `${AIR} (13")` }).closest('li') as HTMLElement;
    // The lowest price is that of a version the words fit, not the line's cheapest.
    expect(card).toHaveTextContent('from $727.99 · 2 of 5 versions fit your words');
    const choices = within(within(card).getByRole('list', { name: `Versions of ${AIR} (13")` })).getAllByRole('link');
    expect(choices.map((choice) => choice.textContent)).toEqual([
      `${AIR} (13"), 128GB, Space Gray$727.99(fits your words)`,
      `${AIR} (13"), 256GB, Space Gray$818.39(fits your words)`,
      `${AIR} (13"), 128GB, Starlight$746.49`,
      `${AIR} (13"), 128GB, Blue$593.99`,
      `${AIR} (13"), 256GB, Purple$767.35`,
    ]);
    expect(choices[0]).toHaveClass('ph-line-card__choice--fits');
    expect(choices[2]).not.toHaveClass('ph-line-card__choice--fits');
  });

  it('alone in the list is one product whose versions the words fit', () => {
    renderWithProviders(<QueryMatches query="iphone 16 pro" products={pro} />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('1 product matches “iphone 16 pro”');
    expect(screen.getByText(/Your words fit every version of one product/)).toBeInTheDocument();
  });
});

import type { ProductSummary } from '@pricehunt/contracts';
import { variantRows } from './variant-choices';

const version = (id: number, variant: string, bestPriceCents: number | null = 10_000) => ({
  product: { id, title: `Thing (${variant})`, brand: null, model: null, gtin: null, category: null, categorySlug: null, imageUrl: null, offerCount: 2, bestPriceCents, currency: 'USD' } satisfies ProductSummary,
  variant,
});

describe('a line’s versions as rows of choices', () => {
  it('name each row by its values and keep the values in the order the versions come', () => {
    const rows = variantRows([version(1, '8GB RAM, 256GB SSD, Black'), version(2, '16GB RAM, 512GB SSD, Black'), version(3, '16GB RAM, 512GB SSD, Silver')], 1);
    expect(rows?.map((row) => [row.label, row.options.map((option) => option.value)])).toEqual([
      ['Memory', ['8GB RAM', '16GB RAM']],
      ['Storage', ['256GB SSD', '512GB SSD']],
      ['Colour', ['Black', 'Silver']],
    ]);
    expect(variantRows([version(1, '55", Wi-Fi'), version(2, '65", Cellular')], 1)?.map((row) => row.label)).toEqual(['Size', 'Option']);
  });

  it('lead to the version with the shown one’s other parts, else to the cheapest of the value, and leave out a part all share', () => {
    const rows = variantRows([version(1, '128GB, Black, US'), version(2, '256GB, Black, US', 20_000), version(3, '512GB, White, US', 40_000), version(4, '512GB, Blue, US', 30_000)], 1);
    expect(rows?.map((row) => row.label)).toEqual(['Storage', 'Colour']);
    const [storage, colour] = rows ?? [];
    expect(storage?.options.map((option) => [option.value, option.target.id, option.current, option.exact])).toEqual([
      ['128GB', 1, true, true],
      ['256GB', 2, false, true],
      ['512GB', 4, false, false],
    ]);
    expect(colour?.options.map((option) => [option.value, option.target.id])).toEqual([
      ['Black', 1],
      ['White', 3],
      ['Blue', 4],
    ]);
  });

  it('are none for variants of one part, of mixed parts, or without the shown product', () => {
    expect(variantRows([version(1, 'Black'), version(2, 'Silver')], 1)).toBeNull();
    expect(variantRows([version(1, '128GB, Black'), version(2, 'Silver')], 1)).toBeNull();
    expect(variantRows([version(1, '128GB, Black'), version(2, '256GB, Black')], 9)).toBeNull();
  });
});

import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { searchResult } from '../../testing/fixtures';
import { renderWithProviders } from '../../testing/render-with-providers';
import { ProductCard, unstatedModel } from './product-card';
import { present } from '@pricehunt/contracts';

describe('product card', () => {
  it('names the model only when the title does not', () => {
    expect(unstatedModel({ title: 'Microsoft Xbox Series X Console, White', model: 'RRS-00082-WI' })).toBe('RRS-00082-WI');
    expect(unstatedModel({ title: 'Sony WH-1000XM5 Wireless Headphones', model: 'WH1000XM5' })).toBeNull();
    expect(unstatedModel({ title: 'Apple Watch SE', model: null })).toBeNull();
    expect(unstatedModel({ title: 'Apple Watch SE', model: ' - ' })).toBeNull();
  });

  it('tells products of one name apart, and compares the one chosen by its name and model', async () => {
    const product = { ...present(searchResult().product), id: 1075, title: 'Microsoft Xbox Series X Console, White', model: 'RRS-00082-WI' };
    renderWithProviders(
      <ul>
        <ProductCard product={product} />
      </ul>,
    );
    expect(screen.getByText('Model RRS-00082-WI')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Microsoft Xbox Series X Console, White' })).toHaveAttribute('href', '/product/1075/microsoft-xbox-series-x-console-white');
    await userEvent.click(screen.getByRole('button', { name: 'Compare prices for Microsoft Xbox Series X Console, White' }));
    expect(screen.getByTestId('location').textContent).toMatch(/^\/new-search\/[^/]+\/microsoft-xbox-series-x-console-white-rrs-00082-wi$/);
  });

  it("says when its price is a used or refurbished offer's, the product having no new one", () => {
    const product = { ...present(searchResult().product), bestPriceCents: 12_000, bestPriceCondition: 'used' as const };
    renderWithProviders(
      <ul>
        <ProductCard product={product} />
        <ProductCard product={{ ...product, id: 2, bestPriceCondition: 'refurbished' }} detailed />
        <ProductCard product={{ ...product, id: 3, bestPriceCondition: 'new' }} detailed />
        <ProductCard product={{ ...product, id: 4, bestPriceCondition: 'new' }} />
      </ul>,
    );
    const meta = screen.getAllByText(/offers?$/).map((line) => line.textContent);
    expect(meta).toEqual([`Used from $120.00 · ${product.offerCount} offers`, `Refurbished from $120.00 · ${product.offerCount} offers`, `from $120.00 · ${product.offerCount} offers`, `$120.00 · ${product.offerCount} offers`]);
  });
});

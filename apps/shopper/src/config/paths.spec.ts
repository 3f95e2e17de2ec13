import { paths, productSlug } from './paths';

describe('product URLs', () => {
  it('carry the id and the title as words', () => {
    expect(paths.product(42, 'Sony WH-1000XM5 Wireless Noise Canceling Headphones – Black')).toBe('/product/42/sony-wh-1000xm5-wireless-noise-canceling-headphones-black');
    expect(productSlug('Café «Crème» 2.0 L')).toBe('cafe-creme-2-0-l');
    expect(productSlug('Nintendo Switch™ – OLED Model')).toBe('nintendo-switch-oled-model');
    expect(productSlug('— · —')).toBe('product');
  });

  it('cut a long title at a word, within 80 characters', () => {
    const slug = productSlug('Samsung 65-Inch Class QLED 4K Q80D Series Quantum HDR+ Smart TV with Alexa Built-in and Dolby Atmos 2024 Model');
    expect(slug.length).toBeLessThanOrEqual(80);
    expect(slug.endsWith('-')).toBe(false);
    expect(slug.startsWith('samsung-65-inch-class-qled-4k-q80d')).toBe(true);
  });
});

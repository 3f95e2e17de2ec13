import { cleanTitle, representativeTitle } from './title';

describe('cleanTitle', () => {
  it('writes the brand once, in its own spelling', () => {
    expect(cleanTitle('APPLE Apple Watch Series 9 GPS 45mm Midnight', 'Apple')).toBe('Apple Watch Series 9 GPS 45mm Midnight');
    expect(cleanTitle('Apple - iPad 10.9-inch A16 128GB Wi-Fi - Silver', 'Apple')).toBe('Apple iPad 10.9-inch A16 128GB Wi-Fi - Silver');
    expect(cleanTitle('LOGITECH MX Keys S 910-006130 Wireless Mouse Rose', 'Logitech')).toBe('Logitech MX Keys S 910-006130 Wireless Mouse Rose');
    expect(cleanTitle('MX Mechanical 3 910-005155 Wireless Mouse Pale Gray', 'Logitech')).toBe('Logitech MX Mechanical 3 910-005155 Wireless Mouse Pale Gray');
    expect(cleanTitle('HP Pavilion 14 Laptop', 'HP')).toBe('HP Pavilion 14 Laptop');
  });

  it('drops listing noise at either end', () => {
    expect(cleanTitle('NEW SEALED Sony WH-1000XM5 Headphones Black Free Shipping', 'Sony')).toBe('Sony WH-1000XM5 Headphones Black');
    expect(cleanTitle('Brand New Bose QuietComfort Ultra Headphones w/ Box', 'Bose')).toBe('Bose QuietComfort Ultra Headphones');
    expect(cleanTitle('Dyson V15 Detect Cordless Vacuum, Black (Renewed)', null)).toBe('Dyson V15 Detect Cordless Vacuum, Black');
  });
});

describe('representativeTitle', () => {
  it('takes the title that holds what most offers say, without the marketing few repeat', () => {
    const title = representativeTitle([
      { title: 'APPLE Apple Watch Series 9 GPS 45mm Midnight Fitness Tracker', brand: 'Apple' },
      { title: 'Apple Watch Series 9 GPS 45mm, Heart Rate Monitor, Water Resistant, Midnight', brand: 'Apple' },
      { title: 'Apple - 45mm Apple Watch Series 9 GPS - Midnight', brand: 'Apple' },
      { title: 'Apple Watch Series 9 GPS 45mm - Midnight', brand: 'Apple' },
    ]);
    expect(title).toBe('Apple Watch Series 9 GPS 45mm - Midnight');
  });

  it('takes the shorter of two titles, the first of two as long', () => {
    expect(representativeTitle([{ title: 'Sony WH-1000XM5 Wireless Headphones, Black', brand: 'Sony' }, { title: 'Sony - WH-1000XM5 - Black', brand: 'Sony' }])).toBe('Sony WH-1000XM5 - Black');
    expect(representativeTitle([{ title: 'Sony WH-1000XM5 Black' }, { title: 'Sony WH-1000XM5 Olive' }])).toBe('Sony WH-1000XM5 Black');
  });

  it('prefers the titles of new items and answers null for no titles', () => {
    expect(representativeTitle([{ title: 'Refurbished Sony WH-1000XM5 Black', brand: 'Sony' }, { title: 'Sony WH-1000XM5 Headphones', brand: 'Sony' }])).toBe('Sony WH-1000XM5 Headphones');
    expect(representativeTitle([{ title: 'Used Sony WH-1000XM5 Black', brand: 'Sony' }])).toBe('Sony WH-1000XM5 Black');
    expect(representativeTitle([])).toBeNull();
  });
});

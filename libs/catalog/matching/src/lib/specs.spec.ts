import { productSpecs, type SpecOffer } from './specs';

const offer = (retailerId: string, title: string, extra: Partial<SpecOffer> = {}): SpecOffer => ({ retailerId, title, model: null, condition: 'new', ...extra });

describe('productSpecs', () => {
  it('lists what the product is known by, then what most of its listings state of it', () => {
    const specs = productSpecs(
      { brand: 'Apple', model: 'MUWC3LL/A', gtin: '195949000000', category: 'Tablets' },
      [
        offer('apple', 'iPad Air 11-inch M2 128GB - Space Gray', { model: 'MUWC3LL/A' }),
        offer('target', 'Apple iPad Air 11-inch Wi-Fi 128GB Space Gray', { model: 'MUWC3' }),
        offer('ebay', 'Apple iPad Air 11" 128GB Space Gray Refurbished', { condition: 'refurbished' }),
      ],
    );
    expect(specs).toEqual([
      { name: 'Brand', value: 'Apple' },
      { name: 'Model', value: 'MUWC3LL/A' },
      { name: 'Part number', value: 'MUWC3' },
      { name: 'GTIN', value: '195949000000' },
      { name: 'Category', value: 'Tablets' },
      { name: 'Colour', value: 'Space Gray' },
      { name: 'Storage', value: '128 GB' },
      { name: 'Size', value: '11"' },
      { name: 'Offered', value: 'New, refurbished' },
      { name: 'Stores', value: '3 stores' },
    ]);
  });

  it('reads a colour of several words as one', () => {
    const specs = productSpecs({ brand: 'Sony', model: null, gtin: null, category: null }, [
      offer('walmart', 'Sony WH-1000XM6 Wireless Headphones, Platinum Silver'),
      offer('ebay', 'WH-1000XM6 Wrls Headphone Platinum Silver'),
    ]);
    expect(specs).toContainEqual({ name: 'Colour', value: 'Platinum Silver' });
  });

  it('leaves out what one listing alone states or the listings disagree on', () => {
    const specs = productSpecs({ brand: 'Anker', model: null, gtin: null, category: null }, [
      offer('amazon', 'Anker PowerCore 10000mAh Portable Charger Black'),
      offer('walmart', 'Anker PowerCore Portable Charger 20000mAh White'),
      offer('target', 'Anker PowerCore Portable Charger'),
    ]);
    expect(specs.map((spec) => spec.name)).toEqual(['Brand', 'Offered', 'Stores']);
  });
});

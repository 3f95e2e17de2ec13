import { productAttributes, productSpecs, type SpecOffer } from './specs';

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

  it('prints the GTIN as its barcode does, without the zeros the catalog pads it to 14 digits with', () => {
    const specs = productSpecs({ brand: null, model: null, gtin: '00027242923232', category: null }, []);
    expect(specs.find((spec) => spec.name === 'GTIN')?.value).toBe('027242923232');
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

  it('tells the memory a laptop works with from what it stores', () => {
    const specs = productSpecs({ brand: 'Apple', model: 'MRXQ3LL/A', gtin: null, category: 'Laptops' }, [
      offer('walmart', 'Apple MacBook Air 13-inch M3 Laptop, 8GB RAM 256GB SSD, Silver'),
      offer('apple', 'MacBook Air 13-inch M3 8GB Unified Memory 256GB SSD - Silver'),
      offer('ebay', 'Apple MacBook Air M3 13.6" 256GB SSD 8GB RAM Silver - Used'),
    ]);
    expect(specs).toContainEqual({ name: 'Storage', value: '256 GB' });
    expect(specs).toContainEqual({ name: 'Memory', value: '8 GB' });
  });

  it('reads memory by the words after its capacity, and a memory card as what it stores', () => {
    const memoryOf = (title: string) => productSpecs({ brand: null, model: null, gtin: null, category: null }, [offer('amazon', title)]).filter((spec) => ['Storage', 'Memory'].includes(spec.name));
    expect(memoryOf('Dell XPS 13 9340 Laptop (16GB RAM, 512GB SSD, Platinum)')).toEqual([{ name: 'Storage', value: '512 GB' }, { name: 'Memory', value: '16 GB' }]);
    expect(memoryOf('Corsair Vengeance 32GB DDR5 6000MHz Desktop Memory Kit')).toEqual([{ name: 'Memory', value: '32 GB' }]);
    expect(memoryOf('Lenovo IdeaPad 5 16GB LPDDR5X 1TB SSD')).toEqual([{ name: 'Storage', value: '1 TB' }, { name: 'Memory', value: '16 GB' }]);
    expect(memoryOf('SanDisk Extreme 128GB Memory Card microSDXC')).toEqual([{ name: 'Storage', value: '128 GB' }]);
    expect(memoryOf('Apple iPhone 15 128GB Blue')).toEqual([{ name: 'Storage', value: '128 GB' }]);
  });

  it('reads a phone listing’s memory and storage written as a pair, not a choice of two storage sizes', () => {
    const memoryOf = (title: string) => productSpecs({ brand: null, model: null, gtin: null, category: null }, [offer('amazon', title)]).filter((spec) => ['Storage', 'Memory'].includes(spec.name));
    expect(memoryOf('Xiaomi Redmi Note 13 8GB+256GB Midnight Black')).toEqual([{ name: 'Storage', value: '256 GB' }, { name: 'Memory', value: '8 GB' }]);
    expect(memoryOf('Poco X6 Pro 5G 12 GB / 512 GB')).toEqual([{ name: 'Storage', value: '512 GB' }, { name: 'Memory', value: '12 GB' }]);
    expect(memoryOf('Samsung Galaxy S24 Ultra 5G 12GB 256GB Titanium Black')).toEqual([{ name: 'Storage', value: '256 GB' }, { name: 'Memory', value: '12 GB' }]);
    expect(memoryOf('OnePlus 12R (16GB, 1TB) Iron Gray')).toEqual([{ name: 'Storage', value: '1 TB' }, { name: 'Memory', value: '16 GB' }]);
    expect(memoryOf('Kingston Canvas 64GB 128GB microSD Twin Pack')).toEqual([{ name: 'Storage', value: '64 GB' }]);
    expect(memoryOf('Samsung 870 EVO SSD 1TB/2TB')).toEqual([{ name: 'Storage', value: '1 TB' }]);
    expect(memoryOf('SanDisk Ultra USB 16GB/32GB')).toEqual([{ name: 'Storage', value: '16 GB' }]);
  });
});

describe('productAttributes', () => {
  it('gives a laptop the storage browse filters by, not its memory', () => {
    expect(productAttributes(['HP Victus 15 Gaming Laptop (8GB RAM, 512GB SSD, Mica Silver)', 'HP Victus 15.6" Gaming Laptop 8GB RAM 512GB SSD Mica Silver'])).toEqual({
      colour: 'Silver',
      storage: '512 GB',
    });
  });
});


import { bundleMarks, isBundleOffer } from './views';

describe('bundles', () => {
  it('reads what a title says is sold together, not the features it names', () => {
    expect([...bundleMarks('Sony WH-1000XM5 Headphones with Carrying Case')]).toEqual(['with:case']);
    expect([...bundleMarks('Canon EOS R50 Camera w/ 64GB SD Card + Camera Bag')]).toEqual(['with:card', 'with:bag']);
    expect([...bundleMarks('LG C3 65" OLED TV with 2-Year Protection Plan')]).toEqual(['with:plan']);
    expect([...bundleMarks('Sonos Era 100 Speaker 2-Pack')]).toEqual(['pack:2']);
    expect([...bundleMarks('Xbox Series X Console Combo')]).toEqual(['combo']);
    expect([...bundleMarks('Apple Magic Keyboard with Touch ID')]).toEqual([]);
    expect([...bundleMarks('Sony WH-1000XM5 Wireless Headphones with Noise Cancelling')]).toEqual([]);
    expect([...bundleMarks('USB-C Cable 1-Pack')]).toEqual([]);
  });

  it('tells an offer sold with more than its product from one whose product is itself a bundle or a pack', () => {
    expect(isBundleOffer('Sony WH-1000XM5 Headphones with Carrying Case', 'Sony WH-1000XM5 Wireless Headphones')).toBe(true);
    expect(isBundleOffer('Nintendo Switch 2 Mario Kart World Bundle', 'Nintendo Switch 2 Console Mario Kart World Bundle')).toBe(false);
    expect(isBundleOffer('Apple AirTag 4 Pack', 'Apple AirTag 4 Pack')).toBe(false);
    expect(isBundleOffer('Apple AirTag 4 Pack', 'Apple AirTag')).toBe(true);
    expect(isBundleOffer('Anker Nano Power Bank with Built-in USB-C Cable', 'Anker Nano Power Bank 10000mAh with Built-in USB-C Cable')).toBe(false);
  });
});

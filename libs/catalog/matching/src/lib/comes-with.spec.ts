import { withoutWhatComesWith } from './comes-with';
import { readsAsAccessory } from './prepare';

describe('withoutWhatComesWith', () => {
  it('leaves out what a listing says its item comes with, up to the next comma or bracket, and how it works', () => {
    const words = (title: string) => withoutWhatComesWith(title).split(/[\s,]+/).filter(Boolean);
    expect(words('Smart TV with Wall Mount Kit, 65"')).toEqual(['Smart', 'TV', '65"']);
    expect(words('Apple Watch SE Aluminum Case with Sport Band (Midnight)')).toEqual(['Apple', 'Watch', 'SE', 'Aluminum', 'Case', '(Midnight)']);
    expect(words('Logitech Brio 4K Webcam, Plug and Play')).toEqual(['Logitech', 'Brio', '4K', 'Webcam']);
  });
});

describe('readsAsAccessory', () => {
  it('reads an item that comes with an accessory as the item', () => {
    expect(readsAsAccessory('Samsung PRO Plus microSDXC Memory Card with Adapter (256GB)')).toBe(false);
    expect(readsAsAccessory('Anker Nano Power Bank 10000mAh with Built-in USB-C Cable (Black)')).toBe(false);
  });

  it('reads an accessory as one, whatever it comes with', () => {
    expect(readsAsAccessory('Spigen Tough Armor Case for iPhone 16 with MagSafe')).toBe(true);
    expect(readsAsAccessory('Anker USB-C to USB-C Cable 6ft')).toBe(true);
    expect(readsAsAccessory('Belkin Car Mount with Charger')).toBe(true);
  });
});

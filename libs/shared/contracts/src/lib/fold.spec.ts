import { foldAccents } from './fold';

describe('foldAccents', () => {
  it('reads letters without their accents, in lower case', () => {
    expect(foldAccents('Café Crème ÉCRU')).toBe('cafe creme ecru');
  });

  it('reads a trade or service mark sign as no letters of the word it follows', () => {
    expect(foldAccents('DualSense™ Wireless')).toBe('dualsense  wireless');
    expect(foldAccents('Switch™-OLED')).toBe('switch -oled');
    expect(foldAccents('Geek Squad℠')).toBe('geek squad ');
  });

  it('reads a fraction after a whole number as its decimals, and one standing alone as its digits', () => {
    expect(foldAccents('Size 10½')).toBe('size 10.5');
    expect(foldAccents('Hose 1¾" x 50 ft')).toBe('hose 1.75" x 50 ft');
    expect(foldAccents('½ Zip Top')).toBe('1\u20442 zip top');
  });
});

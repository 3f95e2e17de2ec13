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
});

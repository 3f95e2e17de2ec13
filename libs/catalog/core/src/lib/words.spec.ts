import { foldText, indexWords, withLeftOutUnit } from './words';

describe('index words', () => {
  it('folds accents and case away', () => {
    expect(foldText('Crème Brûlée ÉCLAIR')).toBe('creme brulee eclair');
  });

  it('splits on anything that is not a letter or a digit, once per word', () => {
    expect(indexWords('Sony WH-1000XM5 / sony, 30h')).toEqual(['sony', 'wh', '1000xm5', '30h']);
    expect(indexWords(' -- ')).toEqual([]);
  });

  it('reads a trademark sign as the tokenizer does, between words: no letters of the name', () => {
    expect(indexWords('Nintendo Switch™ – OLED')).toEqual(['nintendo', 'switch', 'oled']);
  });

  it('reads a number typed alone as a listing’s size with the unit shoppers leave out, storage only in powers of two', () => {
    expect(withLeftOutUnit('256gb', '256')).toBe(true);
    expect(withLeftOutUnit('2tb', '2')).toBe(true);
    expect(withLeftOutUnit('45mm', '45')).toBe(true);
    expect(withLeftOutUnit('65in', '65')).toBe(true);
    expect(withLeftOutUnit('12gb', '12')).toBe(false);
    expect(withLeftOutUnit('65w', '65')).toBe(false);
    expect(withLeftOutUnit('256', '256')).toBe(false);
  });
});

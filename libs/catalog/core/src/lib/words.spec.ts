import { foldText, indexWords } from './words';

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
});

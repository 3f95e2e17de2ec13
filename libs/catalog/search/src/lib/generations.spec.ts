import { generationSpelling, generationWithoutMark, generationWordOtherWay } from './generations';

describe('generationSpelling', () => {
  it('writes a Mark out, with its generation in Roman numerals', () => {
    expect(generationSpelling('Canon R6 Mark 2')).toBe('canon r6 mark ii');
    expect(generationSpelling('r6 mk2')).toBe('r6 mark ii');
    expect(generationSpelling('r6 mkii')).toBe('r6 mark ii');
    expect(generationSpelling('g7x mk 3')).toBe('g7x mark iii');
    expect(generationSpelling('powershot g7 x mark3')).toBe('powershot g7 x mark iii');
  });

  it('writes the last generation typed the other way', () => {
    expect(generationSpelling('sony alpha 7 4')).toBe('sony alpha 7 iv');
    expect(generationSpelling('emberton iii')).toBe('emberton 3');
  });

  it('writes a generation typed as an ordinal as its number, as listings write it', () => {
    expect(generationSpelling('AirPods Pro 2nd Gen')).toBe('airpods pro 2');
    expect(generationSpelling('echo dot 5th generation kids')).toBe('echo dot 5 kids');
    // An ordinal that ends the words after a name is its generation, "gen" unsaid.
    expect(generationSpelling('airpods pro 2nd')).toBe('airpods pro 2');
    // An ordinal of something else stays, and so does one typed alone.
    expect(generationSpelling('1st aid kit')).toBeNull();
    expect(generationSpelling('2nd')).toBeNull();
  });

  it('leaves words with no generation to write otherwise', () => {
    expect(generationSpelling('canon r6 mark ii')).toBeNull();
    expect(generationSpelling('iphone 15 pro')).toBeNull();
    expect(generationSpelling('fire hd 10')).toBeNull();
    expect(generationSpelling('')).toBeNull();
  });
});

describe('generationWordOtherWay', () => {
  it('writes the word after an ordinal as listings write it the other way', () => {
    expect(generationWordOtherWay('Echo Dot 5th Generation')).toBe('echo dot 5th gen');
    expect(generationWordOtherWay('kindle paperwhite 12th gen')).toBe('kindle paperwhite 12th generation');
  });

  it('leaves words with no such word after an ordinal', () => {
    expect(generationWordOtherWay('next gen console')).toBeNull();
    expect(generationWordOtherWay('airpods pro 2nd')).toBeNull();
    expect(generationWordOtherWay('generation 5th')).toBeNull();
  });
});

describe('generationWithoutMark', () => {
  it('writes a Mark typed apart, glued or short as its Roman numeral alone', () => {
    expect(generationWithoutMark('sony a7 mark iv')).toBe('sony a7 iv');
    expect(generationWithoutMark('a7m4')).toBe('a7 iv');
    expect(generationWithoutMark('sony a7 m4')).toBe('sony a7 iv');
    expect(generationWithoutMark('rx100m7')).toBe('rx100 vii');
    expect(generationWithoutMark('canon 5d mark 4')).toBe('canon 5d iv');
    expect(generationWithoutMark('r6 mkii')).toBe('r6 ii');
  });

  it('reads no Mark in a chip’s name or where none is typed', () => {
    expect(generationWithoutMark('ipad pro m4')).toBeNull();
    expect(generationWithoutMark('macbook air 13 m3')).toBeNull();
    expect(generationWithoutMark('sony a7 iv')).toBeNull();
  });
});

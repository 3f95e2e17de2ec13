import {
  foldText,
  hasValidGtinCheckDigit,
  normaliseBrand,
  normaliseGtin,
  normaliseModel,
  tokenizeTitle,
} from './normalise';

describe('normaliseModel', () => {
  it('treats spacing, dashes, slashes and case as the same model', () => {
    expect(normaliseModel('WH-1000XM5')).toBe('WH1000XM5');
    expect(normaliseModel('wh1000xm5')).toBe('WH1000XM5');
    expect(normaliseModel(' wh 1000/xm5 ')).toBe('WH1000XM5');
    expect(normaliseModel('sl-c1000')).toBe('SLC1000');
  });
  it('returns null for nothing', () => {
    expect(normaliseModel('')).toBeNull();
    expect(normaliseModel(' - / ')).toBeNull();
    expect(normaliseModel(undefined)).toBeNull();
  });
});

describe('normaliseBrand', () => {
  it('strips legal suffixes and punctuation', () => {
    expect(normaliseBrand('Apple Inc.')).toBe('apple');
    expect(normaliseBrand('Microsoft Corp.')).toBe('microsoft');
    expect(normaliseBrand('Bose Corporation')).toBe('bose');
    expect(normaliseBrand('Nikon Co., Ltd.')).toBe('nikon');
  });
  it('maps known aliases', () => {
    expect(normaliseBrand('Hewlett Packard')).toBe('hp');
    expect(normaliseBrand('Hewlett-Packard Company')).toBe('hp');
    expect(normaliseBrand('HP')).toBe('hp');
    expect(normaliseBrand('Sony Electronics')).toBe('sony');
    expect(normaliseBrand('Sony Electronics Inc.')).toBe('sony');
    expect(normaliseBrand('Western Digital')).toBe('wd');
  });
  it('keeps distinct makers distinct', () => {
    expect(normaliseBrand('Samsung')).not.toBe(normaliseBrand('Sony'));
    expect(normaliseBrand('Black & Decker')).toBe(normaliseBrand('Black and Decker'));
  });
  it('returns null for empty input', () => {
    expect(normaliseBrand('  ')).toBeNull();
    expect(normaliseBrand(null)).toBeNull();
  });
});

describe('normaliseGtin', () => {
  it('pads UPC-A, EAN-13 and EAN-8 to 14 digits', () => {
    expect(normaliseGtin('036000291452')).toBe('00036000291452');
    expect(normaliseGtin('4006381333931')).toBe('04006381333931');
    expect(normaliseGtin('96385074')).toBe('00000096385074');
    expect(normaliseGtin('10036000291459')).toBe('10036000291459');
  });
  it('treats a UPC-A and its EAN-13 form as equal', () => {
    expect(normaliseGtin('036000291452')).toBe(normaliseGtin('0036000291452'));
  });
  it('ignores spaces and dashes', () => {
    expect(normaliseGtin('0 36000-29145 2')).toBe('00036000291452');
  });
  it('rejects a wrong check digit, wrong lengths, letters and all zeros', () => {
    expect(normaliseGtin('036000291453')).toBeNull();
    expect(normaliseGtin('12345')).toBeNull();
    expect(normaliseGtin('03600029145X')).toBeNull();
    expect(normaliseGtin('00000000000000')).toBeNull();
    expect(hasValidGtinCheckDigit('4006381333932')).toBe(false);
  });
});

describe('foldText', () => {
  it('reads a generation written as an ordinal as the line number', () => {
    expect(foldText('Apple AirPods Pro (2nd Generation)')).toBe('apple airpods pro (2)');
    expect(foldText('Echo Dot 5th gen, Charcoal')).toBe('echo dot 5, charcoal');
    expect(foldText('Kindle Paperwhite (12th Generation) – Black')).toBe('kindle paperwhite (12) - black');
    expect(foldText('2nd Avenue General Store')).toBe('2nd avenue general store');
  });
  it('reads a point set apart from the number before it as that number’s point', () => {
    expect(foldText('Tomtom GPS Receiver Accessory Kit 9N00 .101')).toBe('tomtom gps receiver accessory kit 9n00.101');
    expect(foldText('Ef-S 18-55MM F/3 .5 -5.6 Is Lens')).toBe('ef-s 18-55mm f/3.5 -5.6 is lens');
    expect(foldText('Pinnacle Studio V10 .5')).toBe('pinnacle studio v10.5');
    expect(foldText('Ships in 2 days . 30 day returns')).toBe('ships in 2 days . 30 day returns');
  });
});

describe('tokenizeTitle', () => {
  it('lower-cases, splits punctuation and drops stop and marketing words', () => {
    expect(tokenizeTitle('Sony WH-1000XM5 Wireless Headphones – NEW, Free Shipping!')).toEqual([
      'sony',
      'wh',
      '1000xm5',
      'wireless',
      'headphones',
    ]);
  });
  it('keeps decimal numbers whole and folds accents', () => {
    expect(tokenizeTitle('Café 5.1 Surround Bundle')).toEqual(['cafe', '5.1', 'surround']);
  });
  it('reads a trademark sign as no letters of the name it follows', () => {
    expect(tokenizeTitle('Nintendo Switch™ - OLED Model White')).toEqual(tokenizeTitle('Nintendo Switch - OLED Model White'));
    expect(tokenizeTitle('DualSense™ Wireless Controller')).toEqual(['dualsense', 'wireless', 'controller']);
  });
  it('reads a fraction after a whole number as its decimals, as a shop writing "10.5" does', () => {
    expect(tokenizeTitle('Nike Air Max 90 Size 10½')).toEqual(tokenizeTitle('Nike Air Max 90 Size 10.5'));
  });
  it('reads a material or kind of footwear of another language as its English word, as it reads colours', () => {
    const french = tokenizeTitle('Nike Tiempo Genio II Cuir FG - Noir/ Blanc Nike chaussures pour homme');
    const spanish = tokenizeTitle('Nike Tiempo Genio II Piel FG -Negro/Blanco Nike - Zapatillas');
    expect(french).toEqual(['nike', 'tiempo', 'genio', 'ii', 'leather', 'fg', 'black', 'white', 'nike', 'shoes', 'pour', 'homme']);
    expect(spanish).toEqual(['nike', 'tiempo', 'genio', 'ii', 'leather', 'fg', 'black', 'white', 'nike', 'shoes']);
  });
});

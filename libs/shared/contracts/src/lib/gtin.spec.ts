import { printedGtin } from './gtin';

describe('printedGtin', () => {
  it('takes off the zeros that pad a UPC-A, an EAN-13 or an EAN-8 to 14 digits', () => {
    expect(printedGtin('00027242923232')).toBe('027242923232');
    expect(printedGtin('04005176518430')).toBe('4005176518430');
    expect(printedGtin('00000096385074')).toBe('96385074');
  });

  it('leaves a GTIN-14 and what is not 14 digits as they are', () => {
    expect(printedGtin('10012345678902')).toBe('10012345678902');
    expect(printedGtin('032884187614')).toBe('032884187614');
    expect(printedGtin('0 27242 92323 2')).toBe('0 27242 92323 2');
  });
});

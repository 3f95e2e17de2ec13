import { editionsWrittenOut } from './edition-letters';

describe('an edition glued to a model’s number as its first letters', () => {
  it('is written out as listings write it', () => {
    expect(editionsWrittenOut('galaxy s24u')).toBe('galaxy s24 ultra');
    expect(editionsWrittenOut('Samsung S25U 512gb')).toBe('Samsung S25 ultra 512gb');
    expect(editionsWrittenOut('iphone 16pm')).toBe('iphone 16 pro max');
    expect(editionsWrittenOut('iphone 15P black')).toBe('iphone 15 pro black');
  });

  it('is no screen’s resolution, rack height, or word that only ends so', () => {
    for (const typed of ['sony 1080p camera', 'server rack 12u', 'galaxy s24', 'setup', 'bose 700', 'wh1000xm5']) expect({ typed, out: editionsWrittenOut(typed) }).toEqual({ typed, out: null });
  });
});

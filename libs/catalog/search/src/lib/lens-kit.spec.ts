import { kitAsLens } from './lens-kit';

describe('a camera kit typed', () => {
  it('is the camera with a lens, as its listings write it', () => {
    expect(kitAsLens('sony a6400 kit')).toBe('sony a6400 with lens');
    expect(kitAsLens('Canon R50 Kit Lens')).toBe('Canon R50 with lens');
    expect(kitAsLens('canon r50 lens kit black')).toBe('canon r50 with lens black');
    expect(kitAsLens('nikon z50 kits')).toBe('nikon z50 with lens');
  });

  it('is nothing to words without the word "kit", or with nothing besides it and "lens"', () => {
    expect(kitAsLens('sony a6400 body')).toBeNull();
    expect(kitAsLens('kitchenaid mixer')).toBeNull();
    expect(kitAsLens('kit lens')).toBeNull();
  });
});

import { displayCase } from './display-case';

describe('displayCase', () => {
  it('capitalises words and writes model numbers and abbreviations in capitals', () => {
    expect(displayCase('digital peripheral solutions qsvrg60 q-see shielded video and power bnc cable, 60 feet')).toBe(
      'Digital Peripheral Solutions QSVRG60 Q-See Shielded Video and Power BNC Cable, 60 Feet',
    );
    expect(displayCase('panasonic kx-tg6512b dect 6.0 plus expandable digital cordless phone system black 2 handsets')).toBe(
      'Panasonic KX-TG6512B DECT 6.0 Plus Expandable Digital Cordless Phone System Black 2 Handsets',
    );
    expect(displayCase('3m gel wrist rest wr315le')).toBe('3M Gel Wrist Rest WR315LE');
  });

  it('keeps joining words, ordinals, resolutions and units of measure as they read', () => {
    expect(displayCase('the fingerpicking blues of john jackson (2nd edition)')).toBe('The Fingerpicking Blues of John Jackson (2nd Edition)');
    expect(displayCase('sennheiser sh 300 - headset over-the-ear 1080p usb-c')).toBe('Sennheiser Sh 300 - Headset Over-the-Ear 1080p USB-C');
    expect(displayCase("inland pro 15.6 black notebook bag 3.5-inch women's")).toBe("Inland Pro 15.6 Black Notebook Bag 3.5-Inch Women's");
  });

  it('knows the casing of a few names of its own', () => {
    expect(displayCase('apple ipod touch 8gb for macbook and iphone')).toBe('Apple iPod Touch 8GB for MacBook and iPhone');
    expect(displayCase('apple ilife 06')).toBe('Apple iLife 06');
  });

  it('leaves text with any capital letter as its source wrote it', () => {
    expect(displayCase('Sony WH-1000XM4 headphones')).toBe('Sony WH-1000XM4 headphones');
  });
});

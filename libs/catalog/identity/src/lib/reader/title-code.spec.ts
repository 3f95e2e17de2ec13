import { extractProductIdentity } from '../page-identity';
import { codeAtEnd } from './title-code';

describe('the maker’s part number in brackets at the end of the item’s name', () => {
  it('reads a code that ends the name or stands before the shop’s name', () => {
    expect(codeAtEnd('NEC - E274F-BK 27IN LCD LED (60005830)')).toBe('60005830');
    expect(codeAtEnd('BenQ - BL3290QT Monitor schwarz (9H.LLMLA.TPE)')).toBe('9H.LLMLA.TPE');
    expect(codeAtEnd('Samsung Odyssey OLED G9 49" G93SC (LS49CG934SUXEN) im Syswork IT Online Shop')).toBe('LS49CG934SUXEN');
    expect(codeAtEnd('Acer CB242YE 23.8" Full HD IPS Display schwarz (UM.QB2EE.E01) bei Notebookkontor')).toBe('UM.QB2EE.E01');
  });

  it('reads no measure, count, year or short number in brackets, nor a code inside the name', () => {
    expect(codeAtEnd('BenQ BL3290QT 80.01CM (31.5IN) IPS - 80,01 cm - 5 ms')).toBeNull();
    expect(codeAtEnd('Bathroom Potty Golf Set with Putter (7-Piece) | Groupon')).toBeNull();
    expect(codeAtEnd('MSI PRO MP273APDE - LCD-Monitor - Full HD (1080p)')).toBeNull();
    expect(codeAtEnd('Apple iPhone 15 (128GB)')).toBeNull();
    expect(codeAtEnd('Festival Poncho (2023)')).toBeNull();
    expect(codeAtEnd('Lumetra Desk Lamp (4711)')).toBeNull();
    expect(codeAtEnd('Acer CB2 (CB272Ebir) 27 Full-HD Business Monitor')).toBeNull();
  });

  it('gives the heading’s code as the item’s part number', () => {
    const html = '<!doctype html><html><head><title>ASUS - VA27ACFSN Monitor schwarz (90LM06GJ-B01170)</title></head><body><h1>ASUS - VA27ACFSN Monitor schwarz (90LM06GJ-B01170)</h1><span class="price">349,06 €</span></body></html>';
    expect(extractProductIdentity(html, { url: 'https://shop.example.at/monitore/va27acfsn-3c19914' })?.model).toBe('90LM06GJ-B01170');
  });
});

import { extractProductIdentity } from '../page-identity';

const page = (title: string, buyBox: string) => `<!doctype html><html><head><title>${title}</title></head><body><h1>${title}</h1><form action="/cart/add" method="post">${buyBox}<button type="submit">Add to cart</button></form></body></html>`;
const priceOf = (title: string, buyBox: string) => extractProductIdentity(page(title, buyBox), { url: 'https://www.shop.example.com/p/4711' })?.priceCents;
const indent = (n: number) => `\n${' '.repeat(n)}`;

describe('a price block that holds more than its price', () => {
  it('reads a deeply indented price to its cents, in a block that also offers monthly payments', () => {
    const price = `<p class="product-new-price">${indent(120)}${indent(80)}173<sup>34</sup> <span>Lei</span>${indent(40)}</p>`;
    const box = `<div class="product-highlight product-page-pricing"><div class="d-inline-flex">${indent(60)}<div class="w-50">${indent(60)}${price}</div></div><div class="installments">Rate lunare de la 14<sup>44</sup> Lei</div></div>`;
    expect(priceOf('Whiskey Single Barrel, 45%, 0.7l', box)).toBe(17334);
  });

  it('reads the first line of a block whose cents stand apart, before its notes on tax', () => {
    const notes = '<div class="c1_price__desc"><div>inkl. 19 % MwSt.</div><span class="tooltip">Unsere Preise sind in Euro ausgewiesen und beinhalten die deutsche Umsatzsteuer des Landes.</span></div>';
    const box = `<div class="c1_price"><span class="c1_price__number">192,</span> <span class="c1_price__decimal">32</span> <span class="c1_price__currency">€</span>${notes}</div>`;
    expect(priceOf('Acer CB242YE 23.8" Display', box)).toBe(19232);
  });

  it('does not take a first line that names a list price for the price paid', () => {
    const box = '<div class="price-box price-final_price"><div class="pricesPrp">PLP: 2.699,99 lei<div class="tooltip">Acesta este Pretul de Listare al Produsului. Pretul de vanzare valabil acum este afisat mai jos.</div></div><div class="special-price"><span class="price">1.849,99 lei</span></div></div>';
    expect(priceOf('Televizor Smart 139 cm', box)).toBe(184999);
  });
});

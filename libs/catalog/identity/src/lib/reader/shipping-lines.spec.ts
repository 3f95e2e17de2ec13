import { extractProductIdentity } from '../page-identity';

/** A shop's product page: its heading and buy box, the line under test beside them, and a footer. */
const page = (line: string, footer = '') =>
  `<!doctype html><html lang="de"><head><title>MSI PRO MP273A | Shop</title></head><body>
  <main><div class="product-detail"><h1>MSI PRO MP273A 27" Monitor</h1>
  <div class="buy"><div class="price">227,90 EUR</div><div class="notes">${line}</div><button type="submit" class="add-to-cart">In den Warenkorb</button></div></div></main>
  <div class="links"><div><div><div><div><div><div><ul><li>${footer}</li></ul></div></div></div></div></div></div></div></body></html>`;
const shippingOf = (line: string, footer?: string) => extractProductIdentity(page(line, footer), { url: 'https://www.shop.example.at/p/msi-pro-mp273a' })?.shipping ?? null;

describe('a delivery cost the page words by its buy box, with no markup marking the line', () => {
  it('reads a cost added to the price, or after its label, in the line the delivery word stands in', () => {
    expect(shippingOf('zzgl.&nbsp;<a href="/versandkosten.html">Versand</a> 14,94&nbsp;EUR')).toEqual({ priceCents: 1494, currency: 'EUR' });
    expect(shippingOf('<p><b>Shipping:</b> <span>£7 to mainland UK</span></p>')).toEqual({ priceCents: 700, currency: 'GBP' });
    expect(shippingOf('<span>+ $4.95 shipping</span>')).toEqual({ priceCents: 495, currency: 'USD' });
  });

  it('reads delivery said to be free of the item, in the page’s language', () => {
    for (const line of ['<span class="title">Gratis Versand</span><span>für diesen Artikel</span>', '<a href="/versand" class="popup">Versandkostenfreie Lieferung</a>', 'Preis in EUR inkl. MwSt., kostenloser Versand', '<span>FREE Delivery</span> in the UK.', 'Livraison gratuite']) {
      expect(shippingOf(line)).toEqual({ priceCents: 0, currency: null });
    }
  });

  it('reads no cost from a threshold, a least cost, a membership, the item’s price by a note, or a footer’s link', () => {
    for (const line of ['Free shipping on orders over €50', 'zzgl. Versand ab € 5,99*', 'Sign in for FREE shipping', 'Livraison gratuite pour les membres à partir de 20€ d’achat', '$29.99 Shipping calculated at checkout.', 'Free Shipping on all refills']) {
      expect(shippingOf(line)).toBeNull();
    }
    expect(shippingOf('', '<a href="/versand">Versandkostenfrei</a>')).toBeNull();
  });
});

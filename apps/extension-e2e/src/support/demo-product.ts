/** A demo product with an offer at Amazon and offers at other stores, as the API lists them. */
export interface DemoProduct {
  id: number;
  title: string;
  /** The Amazon offer's link, the address the fixture page is served at. */
  amazonUrl: string;
  amazonTotalCents: number;
  /** The other stores that sell it now (Amazon left out). */
  otherStores: string[];
}

interface Offer {
  retailer: { id: string; name: string };
  url: string;
  totalCents: number;
  section: string;
}

/** Picks, among the demo catalog's most offered products, one sold at Amazon and at least two other stores. */
export async function findDemoProduct(apiUrl: string): Promise<DemoProduct> {
  const browse = (await (await fetch(`${apiUrl}/api/browse?sort=offers&pageSize=24`)).json()) as { items: Array<{ id: number; title: string }> };
  for (const item of browse.items) {
    const detail = (await (await fetch(`${apiUrl}/api/products/${item.id}`)).json()) as { offers: Offer[] };
    const amazon = detail.offers.find((offer) => offer.retailer.id === 'amazon' && offer.section === 'new' && /\/dp\/[A-Z0-9]{10}/.test(offer.url));
    const others = [...new Set(detail.offers.filter((offer) => offer.retailer.id !== 'amazon' && offer.section !== 'out_of_stock').map((offer) => offer.retailer.name))];
    if (amazon && others.length >= 2) {
      return { id: item.id, title: item.title, amazonUrl: amazon.url, amazonTotalCents: amazon.totalCents, otherStores: others };
    }
  }
  throw new Error('the demo catalog has no product sold at Amazon and two other stores');
}

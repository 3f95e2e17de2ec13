import { BULK_SQL } from '../index';
import { seedOffers, seedProducts, seedRetailersAndBusiness, type SeedOffer } from './catalog-seed';

type Run = (text: string, params?: unknown[]) => Promise<unknown>;

/** Offers with real-looking titles for the search index's contract test (the same inserts on both engines). */
export const SEARCH_OFFERS: SeedOffer[] = [
  { price: 10_000, id: 1, retailer: 'amazon', product: 1, title: 'Sony KD-55X80K 55" 4K Ultra HD LED Smart Google TV', brand: 'Sony', model: 'KD-55X80K', category: 'Televisions' },
  { price: 10_000, id: 2, retailer: 'bestbuy', product: 1, title: 'Sony - 55" Class X80K 4K HDR LED Google TV', brand: 'Sony', model: 'KD55X80K', category: 'TVs' },
  { price: 10_000, id: 3, retailer: 'walmart', product: 2, title: 'Sony KD-65X80K 65" 4K Smart TV', brand: 'Sony', model: 'KD-65X80K', category: 'Televisions' },
  { price: 10_000, id: 4, retailer: 'amazon', product: 3, title: 'Sony WH-1000XM5 Wireless Noise Canceling Headphones, Black', brand: 'Sony', model: 'WH-1000XM5/B', category: 'Headphones' },
  { price: 10_000, id: 5, retailer: 'bestbuy', product: 3, title: 'Sony WH1000XM5 Wireless Headphones', brand: 'SONY', model: 'WH1000XM5', category: 'Headphones' },
  { price: 10_000, id: 6, retailer: 'walmart', product: 4, title: 'Sony WH-1000XM4 Wireless Headphones', brand: 'Sony', model: 'WH-1000XM4', category: 'Headphones' },
  { price: 10_000, id: 7, retailer: 'amazon', product: 5, title: 'Samsung T7 Portable SSD 1.5 TB USB 3.2', brand: 'Samsung', model: 'MU-PC1T5T', category: 'Storage' },
  { price: 10_000, id: 8, retailer: 'bestbuy', product: 6, title: 'WD Elements 1.5TB Portable Hard Drive', brand: 'Western Digital', model: 'WDBU6Y0015BBK', category: 'Storage' },
  { price: 10_000, id: 9, retailer: 'walmart', product: 7, title: 'Seagate 5 TB External Drive, 1 year rescue', brand: 'Seagate', category: 'Storage' },
  { price: 10_000, id: 10, retailer: 'amazon', product: 8, title: 'Nestlé Café Crème Nespresso Capsules', brand: 'Nestlé', category: 'Coffee' },
  { price: 10_000, id: 11, retailer: 'walmart', product: 8, title: 'Nestle Cafe Creme Capsules 50 ct', brand: 'Nestle', category: 'Coffee' },
  { price: 10_000, id: 12, retailer: 'bestbuy', product: 9, title: 'Müller Weißbier Glas 0,5 l', brand: 'Müller', category: 'Kitchen' },
  { price: 10_000, id: 13, retailer: 'amazon', product: 10, title: 'Bjørn Borg Ærø Socks', brand: 'Bjørn Borg', category: 'Clothing' },
  { price: 10_000, id: 14, retailer: 'shop', product: 11, title: "Levi's 501 Original Jeans", brand: "Levi's", category: 'Clothing', business: 'b1' },
];

/**
 * The catalog of SEARCH_OFFERS. SQLite's write paths put each new offer in the FTS5 index themselves (`indexOffer`,
 * BULK_SQL.indexOfferRange), so the seed does it there; PostgreSQL's `search_vector` is a generated column.
 */
export async function seedSearchCatalog(run: Run, engine: 'sqlite' | 'postgres') {
  await seedRetailersAndBusiness(run);
  await seedProducts(
    run,
    Array.from({ length: 11 }, (_, index) => ({ id: index + 1, title: `Product ${index + 1}`, offers: index === 6 ? 0 : 1, best: 100 })),
  );
  await seedOffers(run, SEARCH_OFFERS);
  if (engine === 'sqlite') await run(BULK_SQL.indexOfferRange, [1, SEARCH_OFFERS.length]);
}

/**
 * A small catalog written by plain SQL inserts, the same text on both engines (port contract tests of the catalog
 * and its search index). Instants are ISO strings, as SQLite stores them (PostgreSQL reads them into timestamptz).
 */
export const at = (minute: number) => new Date(Date.UTC(2026, 10, 23, 10, minute, 0, 0)).toISOString();

type Run = (text: string, params?: unknown[]) => Promise<unknown>;

export interface SeedOffer {
  id: number;
  retailer: string;
  product: number | null;
  title: string;
  brand?: string | null;
  model?: string | null;
  modelKey?: string | null;
  gtin?: string | null;
  price: number;
  shipping?: number | null;
  currency?: string;
  availability?: string;
  condition?: 'new' | 'refurbished' | 'used';
  category?: string | null;
  business?: string | null;
  held?: 'store' | 'price' | null;
  minute?: number;
}

export async function seedOffers(run: Run, offers: readonly SeedOffer[]) {
  for (const o of offers) {
    const host = o.business ? 'shop.example' : `${o.retailer}.example`;
    await run(
      `INSERT INTO offers (id, retailer_id, external_id, canonical_url, url, host, title, brand, model, model_key, gtin, price_cents, currency,
        shipping_cents, availability, condition, image_url, category, business_id, product_id, held, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, ?, ?, ?, ?, ?, ?)`,
      [
        o.id,
        o.retailer,
        `X${o.id}`,
        `https://${host}/p/${o.id}`,
        `https://${host}/p/${o.id}?ref=feed`,
        host,
        o.title,
        o.brand ?? null,
        o.model ?? null,
        o.modelKey ?? null,
        o.gtin ?? null,
        o.price,
        o.currency ?? 'USD',
        o.shipping ?? null,
        o.availability ?? 'in_stock',
        o.condition ?? 'new',
        o.category ?? null,
        o.business ?? null,
        o.product,
        o.held ?? null,
        at(o.minute ?? 0),
        at(o.minute ?? o.id),
      ],
    );
  }
}

export interface SeedProduct {
  id: number;
  title: string;
  brand?: string | null;
  modelKey?: string | null;
  category?: string | null;
  slug?: string | null;
  offers: number;
  best: number | null;
  /** The condition of the best price's offer: new unless said (none without a best price). */
  condition?: 'new' | 'refurbished' | 'used' | null;
  currency?: string | null;
}

export async function seedProducts(run: Run, products: readonly SeedProduct[]) {
  for (const p of products) {
    await run(
      `INSERT INTO products (id, title, brand, model, model_key, gtin, category, category_slug, image_url, offer_count, best_price_cents,
        best_price_condition, currency, created_at, updated_at)
       VALUES (?, ?, ?, NULL, ?, NULL, ?, ?, NULL, ?, ?, ?, ?, ?, ?)`,
      [
        p.id,
        p.title,
        p.brand ?? null,
        p.modelKey ?? null,
        p.category ?? null,
        p.slug ?? null,
        p.offers,
        p.best,
        p.condition === undefined ? (p.best === null ? null : 'new') : p.condition,
        p.currency === undefined ? (p.best === null ? null : 'USD') : p.currency,
        at(0),
        at(p.id),
      ],
    );
  }
}

/** Retailers, and a business `b1` whose store `shop.example` is verified and synced from Shopify. */
export async function seedRetailersAndBusiness(run: Run) {
  await run(`INSERT INTO retailers (id, name, domains) VALUES ('amazon', 'Amazon', '["amazon.example"]'), ('bestbuy', 'Best Buy', '[]'),
    ('walmart', 'Walmart', '[]'), ('shop', 'Shop Example', '["shop.example"]')`);
  await run(`INSERT INTO businesses (id, email, password_hash, store_name, store_domain, is_admin, status, created_at, updated_at)
    VALUES ('b1', 'owner@shop.example', 'x', 'Shop Example', 'shop.example', false, 'active', ?, ?), ('b2', 'other@else.example', 'x', NULL, NULL, false, 'active', ?, ?)`,
    [at(0), at(0), at(0), at(0)]);
  await run(`INSERT INTO verified_domains (domain, business_id, method, verified_at) VALUES ('shop.example', 'b1', 'meta', 1)`);
  await run(`INSERT INTO store_syncs (id, business_id, store_domain, status, started_at) VALUES ('s1', 'b1', 'shop.example', 'succeeded', 1)`);
}

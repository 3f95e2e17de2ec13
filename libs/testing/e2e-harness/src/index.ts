export * from './lib/processes';
export * from './lib/poll';
export * from './lib/stack';
export * from './lib/browser';
export * from './lib/accessibility';
export * from './lib/outbox';
export * from './lib/nginx';
export * from './lib/postgres';
export * from './lib/fleet';
export * from './lib/phone';
// Feeds served on 127.0.0.1 for the browser tests' feed sources.
export { startFeedServer, type FeedServer } from '@pricehunt/feed-server';
// A Shopify-like shop on 127.0.0.1 for the browser tests' merchants (home, products, cart, checkout, /products.json).
export { startShopServer, type ShopOrder, type ShopProduct, type ShopServer } from '@pricehunt/shop-server';
export * from './lib/traffic';

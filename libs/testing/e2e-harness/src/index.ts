export * from './lib/processes';
export * from './lib/stack';
export * from './lib/browser';
export * from './lib/accessibility';
export * from './lib/outbox';
export * from './lib/nginx';
export * from './lib/postgres';
export * from './lib/fleet';
// Feeds served on 127.0.0.1 for the browser tests' feed sources.
export { startFeedServer, type FeedServer } from '@pricehunt/feed-server';

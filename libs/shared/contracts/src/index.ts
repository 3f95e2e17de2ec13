export * from './lib/errors';
export * from './lib/business-auth';
export * from './lib/tracking';
export * from './lib/health';
export * from './lib/search';
export * from './lib/catalog';
export * from './lib/shopper-auth';
export * from './lib/shopper';

export * from './lib/best-price';

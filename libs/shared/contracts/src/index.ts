export * from './lib/errors';

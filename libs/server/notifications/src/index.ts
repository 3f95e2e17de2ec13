export type { Logger } from './lib/logger';
export * from './lib/mailer';
export * from './lib/price-alerts';

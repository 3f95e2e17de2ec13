export type { Logger } from './lib/logger';
export * from './lib/mailer';
export * from './lib/price-alerts';
export * from './lib/watches';
export * from './lib/watch-deliveries';

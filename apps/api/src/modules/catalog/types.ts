/** Stock states and conditions as the catalog stores them (the same vocabulary as the feed parsers). */
export type { Availability, Condition } from '@pricehunt/contracts';

/** Stock states and conditions as the catalog stores them (the same vocabulary as the feed parsers). */
export type Availability = 'in_stock' | 'out_of_stock' | 'preorder' | 'backorder' | 'unknown';
export type Condition = 'new' | 'refurbished' | 'used';

// Test fixtures: a migrated database of either engine for the ports' contract specs and the API's tests.
export * from './testing/port-engines';
export * from './testing/postgres';
export * from './testing/sqlite';
export * from './testing/merchant-rows';
export * from './testing/catalog-seed';
export * from './testing/offers';
export * from './testing/search-seed';

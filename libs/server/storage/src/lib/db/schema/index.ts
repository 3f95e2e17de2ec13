export * from './accounts';
export * from './catalog';
export * from './tracking';
export * from './merchant';
export * from './admin';
export * from './shopper';
export * from './feeds';
export * from './watches';

export { startShopServer, type ShopServer, type ShopServerOptions } from './lib/shop-server';
export type { ShopOrder, ShopOrderLine, ShopProduct } from './lib/types';

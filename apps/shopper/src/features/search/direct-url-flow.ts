/** The direct-URL flow, as one module the search form loads on first use (it stays out of the landing's initial JavaScript). */
export { startTextSearch, startUrlSearch } from '@pricehunt/direct-url';

/** The production API and shopper site (one origin behind nginx, see docs/deployment.md). */
export const PRODUCTION_API_URL = 'https://pricehunt.example';
export const PRODUCTION_SITE_URL = 'https://pricehunt.example';
/** `npm start`'s API and shopper site. */
export const DEVELOPMENT_API_URL = 'http://localhost:3000';
export const DEVELOPMENT_SITE_URL = 'http://localhost:4200';

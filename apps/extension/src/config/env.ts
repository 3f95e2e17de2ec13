// The one module of the extension that reads Vite's build-time environment.
import { DEVELOPMENT_API_URL, DEVELOPMENT_SITE_URL, PRODUCTION_API_URL, PRODUCTION_SITE_URL } from './addresses';

const development = import.meta.env.MODE === 'development';

/** The addresses a fresh install talks to: production's, or `npm start`'s in a development build. */
export const DEFAULT_ADDRESSES = {
  apiUrl: development ? DEVELOPMENT_API_URL : PRODUCTION_API_URL,
  siteUrl: development ? DEVELOPMENT_SITE_URL : PRODUCTION_SITE_URL,
};

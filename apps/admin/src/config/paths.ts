/** The one table of the admin console's paths (SPEC §2: /admin, /admin-login, /admin/business). */
export const paths = {
  login: '/admin-login',
  overview: '/admin',
  businesses: '/admin/business',
  business: (id: string) => `/admin/business/${encodeURIComponent(id)}`,
  catalog: '/admin/catalog',
  importRun: (id: string) => `/admin/catalog/imports/${encodeURIComponent(id)}`,
  sources: '/admin/catalog/sources',
  source: (id: string) => `/admin/catalog/sources/${encodeURIComponent(id)}`,
  audit: '/admin/audit',
} as const;

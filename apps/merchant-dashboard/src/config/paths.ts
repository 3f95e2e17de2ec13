/** The one table of the dashboard's paths (SPEC §2). */
export const paths = {
  register: '/business/register',
  login: '/business-login',
  resetPassword: '/reset-password',
  /** The link of the registration email: `/confirm-email?token=…`. */
  confirmEmail: '/confirm-email',
  dashboard: '/business/dashboard',
  activity: '/business/dashboard/activity',
  integrate: '/business/dashboard/integrate',
  analytics: '/business/dashboard/analytics',
  products: '/business/dashboard/products',
  attribution: '/business/dashboard/attribution',
  settings: '/business/dashboard/settings',
  /** Aliases that show the same pages. */
  integrateAliases: ['/business/integrate', '/business-integrate', '/business/connect'],
  activityAlias: '/business/activity',
} as const;


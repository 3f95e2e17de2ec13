/** Messages of the admin area that clients show as they are. */
export const AdminMessages = {
  noAdminAccess: 'This account has no admin access',
  cannotSuspendSelf: 'You cannot suspend your own account',
  cannotRevokeSelf: 'You cannot revoke your own admin access',
  businessNotFound: 'No business with this id',
  retailerNotFound: 'No retailer with this id',
  importNotFound: 'No import with this id',
  importFileMissing: 'Attach a feed file in the field "file"',
  productNotFound: 'No product with this id',
  offerNotInProduct: 'This product has no offer with this id',
  offerAlone: 'The offer is the product’s only one: it is a product of its own already',
  offerNotFound: 'No offer with this id',
  offerNotHeldForPrice: 'This offer is not held for a price review',
  mergeIntoItself: 'into must be another product than the one merged',
  reportNotFound: 'No match report with this id',
  importEmpty: 'The feed file is empty',
} as const;

export * from './admin-audit';
export * from './admin-overview';
export * from './admin-businesses';
export * from './admin-catalog';
export * from './admin-products';

/** Named permission predicates over accounts; routes and services ask these instead of reading flags inline. */
export interface AccountLike {
  status: 'active' | 'suspended';
  isAdmin?: boolean;
}

export const isActive = (account: AccountLike): boolean => account.status === 'active';
export const canSignIn = (account: AccountLike): boolean => isActive(account);
export const canUseAdminArea = (account: AccountLike): boolean => isActive(account) && account.isAdmin === true;
/** Clicks, referrals and events are attributed only to active businesses (a suspended one stops attributing). */
export const canReceiveAttribution = (account: AccountLike): boolean => isActive(account);

export {
  authFailure,
  CONFIRMATION_FAILED_MESSAGE,
  tooManyAttemptsText,
  type AuthFailure,
  type AuthStatus,
  type RegistrationResult,
} from './lib/account-session';
export { BUSINESS_ROUTER_OPTIONS, BusinessAppProviders, type BusinessAppProvidersProps } from './lib/business-app';
export {
  BUSINESS_AUTH_PATH,
  BusinessAuthProvider,
  LOGIN_FAILED_MESSAGE,
  REGISTRATION_FAILED_MESSAGE,
  useBusinessAuth,
  type BusinessAuthProviderProps,
  type BusinessAuthResult,
  type BusinessAuthValue,
  type BusinessRegisterInput,
} from './lib/business-auth';
export {
  SHOPPER_AUTH_PATH,
  ShopperAuthProvider,
  useShopperAuth,
  type ShopperAuthProviderProps,
  type ShopperAuthResult,
  type ShopperAuthValue,
  type ShopperRegisterInput,
} from './lib/shopper-auth';
export {
  ADMIN_REQUIRED_TEXT,
  CHECKING_SESSION_TEXT,
  loginRedirectPath,
  RequireBusiness,
  safeNextPath,
  type RequireBusinessProps,
} from './lib/require-business';

export type AffiliateErrorCode = 'invalid_config' | 'invalid_option';

/** A configuration value or an option that cannot be used; `field` names it (an env key or an option path). */
export class AffiliateError extends Error {
  override readonly name = 'AffiliateError';
  constructor(
    readonly code: AffiliateErrorCode,
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

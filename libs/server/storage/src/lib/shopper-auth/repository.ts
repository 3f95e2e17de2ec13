/** A shopper account as stored. */
export interface ShopperRecord {
  id: string;
  email: string;
  passwordHash: string;
  displayName: string | null;
  /** When the shopper opened the confirmation link (or a reset link); null until then. */
  emailConfirmedAt: number | null;
  createdAt: string;
  updatedAt: string;
}

export interface NewShopperRecord {
  id: string;
  email: string;
  passwordHash: string;
  displayName: string | null;
  emailConfirmedAt: number | null;
}

/** A password-reset token as stored (only the hash of its value). */
export interface ShopperResetToken {
  id: string;
  shopperId: string;
  tokenHash: string;
  expiresAt: number;
  createdAt: number;
}

/** Shopper accounts and their password-reset tokens. */
export interface ShopperAccountsRepository {
  /** One indexed read (every request of a signed-in shopper asks it). */
  findById(id: string): Promise<ShopperRecord | undefined>;
  findByEmail(email: string): Promise<ShopperRecord | undefined>;
  /** Stores a new account; answers it, or undefined when the email already has one. */
  insert(row: NewShopperRecord): Promise<ShopperRecord | undefined>;
  /** A new registration of an unconfirmed address: the newest password and name win (a confirmed account is left alone). */
  updateUnconfirmed(id: string, changes: { passwordHash: string; displayName: string | null }): Promise<ShopperRecord | undefined>;
  /** Marks the email confirmed (keeping the first date) and answers the account. */
  confirmEmail(id: string, now: number): Promise<ShopperRecord | undefined>;
  updatePasswordHash(id: string, passwordHash: string): Promise<void>;
  addResetToken(token: ShopperResetToken): Promise<void>;
  /** An unused, unexpired token by the hash of its value. */
  findUsableResetToken(tokenHash: string, now: number): Promise<Pick<ShopperResetToken, 'id' | 'shopperId'> | undefined>;
  /**
   * Completes a reset, atomically: every open token of the shopper is used up, the password set, the email counted as
   * confirmed (at `now` unless it was), every session ended and every trusted device forgotten. Answers false (nothing
   * changed) when the shopper had no open token left.
   */
  resetPassword(shopperId: string, passwordHash: string, now: number): Promise<boolean>;
}

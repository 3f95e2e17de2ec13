/** A business account as stored. */
export interface BusinessRecord {
  id: string;
  email: string;
  passwordHash: string;
  storeName: string | null;
  storeDomain: string | null;
  isAdmin: boolean;
  status: 'active' | 'suspended';
  /** When the owner opened the confirmation link (or a reset link); null until then. */
  emailConfirmedAt: number | null;
  createdAt: string;
  updatedAt: string;
}

/** A business account to create: it starts active, its instants set as it is stored. */
export type NewBusinessRecord = Omit<BusinessRecord, 'status' | 'createdAt' | 'updatedAt'>;

/** The columns of an account its owner, the merchant dashboard or the CLI change. */
export type BusinessChanges = Partial<Pick<BusinessRecord, 'passwordHash' | 'isAdmin' | 'status' | 'storeName' | 'storeDomain' | 'emailConfirmedAt'>>;

/** A password-reset token as stored (only the hash of its value). */
export interface BusinessResetToken {
  id: string;
  businessId: string;
  tokenHash: string;
  expiresAt: number;
  createdAt: number;
}

/** Business accounts and their password-reset tokens. */
export interface BusinessAccountsRepository {
  /** One indexed read (every request of a signed-in business asks it). */
  findById(id: string): Promise<BusinessRecord | undefined>;
  findByEmail(email: string): Promise<BusinessRecord | undefined>;
  /** True when a business has proved `domain` as its store domain. */
  isDomainVerified(domain: string): Promise<boolean>;
  /** Stores a new account; answers it, or undefined when the email already has one. */
  insert(row: NewBusinessRecord): Promise<BusinessRecord | undefined>;
  /** Changes the account (and its `updatedAt`); answers it, or undefined when there is none. */
  update(id: string, changes: BusinessChanges): Promise<BusinessRecord | undefined>;
  /** Marks the email confirmed at `now` unless it already was (the first date stays); answers the account. */
  confirmEmail(id: string, now: number): Promise<BusinessRecord | undefined>;
  addResetToken(token: BusinessResetToken): Promise<void>;
  /** An unused, unexpired token by the hash of its value. */
  findUsableResetToken(tokenHash: string, now: number): Promise<Pick<BusinessResetToken, 'id' | 'businessId'> | undefined>;
  /**
   * Completes a reset with token `tokenId`, atomically: every open token of the business is used up, the password
   * set, the email counted as confirmed (at `now` unless it was), every session ended and every trusted device
   * forgotten. Answers the account, or undefined (the password stays) when `tokenId` was no longer open.
   */
  resetPassword(businessId: string, tokenId: string, passwordHash: string, now: number): Promise<BusinessRecord | undefined>;
}

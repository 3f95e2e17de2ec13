/** Who may do what to whom in the admin console. Routes already require an active admin. */
interface Account {
  id: string;
}

/** An admin cannot suspend their own account (they would lock themselves out). */
export const canSuspend = (actor: Account, target: Account): boolean => actor.id !== target.id;

/** An admin cannot revoke their own admin access; another admin must do it. */
export const canChangeOwnAdmin = (actor: Account, target: Account): boolean => actor.id !== target.id;

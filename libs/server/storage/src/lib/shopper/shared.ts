/** The alert columns of a favorite with no alert: set on clearing an alert and on a stop link. */
export const NO_ALERT = { alertBelowCents: null, alertSetAt: null, alertStopToken: null, alertReachedAt: null, alertReachedCents: null, alertCheckedCents: null };

/** The instants of the port are ISO strings (`2026-11-23T10:00:00.000Z`, as SQLite stores them); PostgreSQL holds timestamptz. */
export const iso = (date: Date) => date.toISOString();
export const isoOrNull = (date: Date | null) => (date ? date.toISOString() : null);

/** The largest PostgreSQL integer: an id beyond it names no row. */
export const MAX_INT4 = 2_147_483_647;

/** The alert columns of a favorite with no alert: set on clearing an alert and on a stop link. */
export const NO_ALERT = { alertBelowCents: null, alertSetAt: null, alertStopToken: null, alertReachedAt: null, alertReachedCents: null, alertCheckedCents: null };

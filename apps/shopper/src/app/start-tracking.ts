/**
 * App start: capture the UTM parameters of the landing URL and make sure a tracking session exists (SPEC §4).
 * The query string is read now, before any navigation replaces it; the tracking library itself is loaded
 * after the first render so it stays out of the landing page's initial JavaScript.
 */
export function startTracking(location: Pick<Location, 'search'> = window.location): Promise<void> {
  const search = location.search;
  return import('./tracking-session').then(
    ({ beginTrackingSession }) => beginTrackingSession(search),
    (error: unknown) => console.error('Tracking could not start:', error),
  );
}

import { startTransition, useOptimistic } from 'react';
import { useSearchParams, type NavigateOptions } from 'react-router-dom';

/**
 * The page address's query parameters, for controls that keep their state there (filters, a sort). The router moves
 * to a new address as a transition, which the page's redraw may hold back (a part still loading its code, a busy
 * phone); a checkbox or a menu bound to the address would meanwhile snap back to its old state. Here a change is shown
 * at once and the address follows.
 */
export function useAddressParams(): [URLSearchParams, (next: URLSearchParams, options?: NavigateOptions) => void] {
  const [params, setParams] = useSearchParams();
  const [shown, show] = useOptimistic(params);
  const set = (next: URLSearchParams, options?: NavigateOptions) =>
    startTransition(() => {
      show(next);
      setParams(next, options);
    });
  return [shown, set];
}

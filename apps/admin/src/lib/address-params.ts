import { useSearchParams } from 'react-router-dom';

/**
 * The page address's query parameters, and a setter of some of them (a null or empty value takes one out): the
 * console's lists keep their filters and page there, so a filtered page can be reloaded and shared.
 */
export function useAddressParams(options: { replace?: boolean; preventScrollReset?: boolean } = {}): [URLSearchParams, (changes: Record<string, string | null>) => void] {
  const [params, setParams] = useSearchParams();
  const update = (changes: Record<string, string | null>) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(changes)) {
        if (value === null || value === '') next.delete(key);
        else next.set(key, value);
      }
      return next;
    }, options);
  return [params, update];
}

import { useEffect, useState } from 'react';

/** The current time, renewed every `everyMs`, for relative times ("in 5 min") that must move on while a page is open. */
export function useNow(everyMs = 15_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

import { useEffect, useState } from 'react';

/** False until `ms` have passed since mount (or since `key` changed), then true. */
export function useAfter(ms: number, key: unknown = null): boolean {
  const [passed, setPassed] = useState(ms <= 0);
  useEffect(() => {
    if (ms <= 0) return;
    setPassed(false);
    const timer = setTimeout(() => setPassed(true), ms);
    return () => clearTimeout(timer);
  }, [ms, key]);
  return passed;
}

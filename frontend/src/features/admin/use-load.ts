import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, GENERIC_ERROR_MESSAGE } from '@/lib/api-client';

export type LoadStatus = 'loading' | 'loaded' | 'failed';

/** Loads data for a screen when its inputs change; `reload` asks again (`refresh` without the loading state); `setData` edits it locally. */
export function useLoad<T>(load: () => Promise<T>, deps: readonly unknown[]) {
  const [status, setStatus] = useState<LoadStatus>('loading');
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const generation = useRef(0);
  const loadRef = useRef(load);
  loadRef.current = load;

  /** Loads again; `quiet` keeps the current data on screen meanwhile (no loading state, nothing unmounts). */
  const fetchAgain = useCallback(async (quiet: boolean) => {
    const mine = ++generation.current;
    if (!quiet) setStatus('loading');
    try {
      const value = await loadRef.current();
      if (mine !== generation.current) return;
      setData(value);
      setError(null);
      setStatus('loaded');
    } catch (cause) {
      if (mine !== generation.current) return;
      setError(cause instanceof ApiError ? cause.message : GENERIC_ERROR_MESSAGE);
      setStatus('failed');
    }
  }, deps);
  const reload = useCallback(() => fetchAgain(false), [fetchAgain]);
  const refresh = useCallback(() => fetchAgain(true), [fetchAgain]);

  useEffect(() => {
    void reload();
  }, [reload]);

  return { status, data, error, reload, refresh, setData };
}

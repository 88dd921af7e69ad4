import { useEffect, useState } from 'react';
import { useAppSelector } from '@/app/hooks';
import { getSeasonProfile } from './api/get-season-profile';

/**
 * Whether the logged-in visitor is the user the page shows: GET /season/profile names the caller, and
 * it must equal the username in the address (case-insensitively, as the server checks). Anonymous
 * visitors and failed look-ups are never owners; the server enforces ownership on every save too.
 */
export function useViewerIsOwner(username: string): boolean {
  const loggedIn = useAppSelector((state) => state.auth.loggedIn);
  const [viewer, setViewer] = useState<string | null>(null);

  useEffect(() => {
    if (!loggedIn) {
      setViewer(null);
      return;
    }
    let current = true;
    getSeasonProfile().then(
      (profile) => current && setViewer(profile?.username ?? null),
      () => current && setViewer(null),
    );
    return () => {
      current = false;
    };
  }, [loggedIn]);

  return viewer !== null && username !== '' && viewer.toLowerCase() === username.toLowerCase();
}

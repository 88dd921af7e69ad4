import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { useAppSelector } from '@/app/hooks';

/** The profile routes' guard: a logged-out visitor is sent to the login page. */
export function RequireLogin({ children }: { children: ReactNode }) {
  const loggedIn = useAppSelector((state) => state.auth.loggedIn);
  if (!loggedIn) return <Navigate to="/login" replace />;
  return <>{children}</>;
}

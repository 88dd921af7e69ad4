import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { useAppSelector } from '@/app/hooks';

/** Admin screens need a token with role admin: a visitor logs in first, any other user goes home. */
export function AdminGuard({ children }: { children: ReactNode }) {
  const loggedIn = useAppSelector((state) => state.auth.loggedIn);
  const isAdmin = useAppSelector((state) => state.auth.loggedIn && state.auth.role === 'admin');
  if (!loggedIn) return <Navigate to="/login" replace />;
  if (!isAdmin) return <Navigate to="/" replace />;
  return <>{children}</>;
}

import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { useAppSelector } from '@/app/hooks';

/** Admin screens need a token with role admin; anyone else goes to login. */
export function AdminGuard({ children }: { children: ReactNode }) {
  const isAdmin = useAppSelector((state) => state.auth.loggedIn && state.auth.role === 'admin');
  if (!isAdmin) return <Navigate to="/login" replace />;
  return <>{children}</>;
}

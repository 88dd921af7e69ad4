import type { RouteObject } from 'react-router-dom';
import { lazyPages } from '@/lib/lazy-pages';

const page = lazyPages(() => import('./pages'), 'Loading page');

export const authRoutes: RouteObject[] = [
  page('login', 'LoginPage'),
  page('register', 'RegisterPage'),
  page('forgot-password', 'ForgotPasswordPage'),
  page('reset-password', 'ResetPasswordPage'),
];

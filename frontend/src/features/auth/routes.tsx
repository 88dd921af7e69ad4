import type { RouteObject } from 'react-router-dom';
import { ForgotPasswordPage } from './components/forgot-password-page';
import { LoginPage } from './components/login-page';
import { RegisterPage } from './components/register-page';
import { ResetPasswordPage } from './components/reset-password-page';

export const authRoutes: RouteObject[] = [
  { path: 'login', element: <LoginPage /> },
  { path: 'register', element: <RegisterPage /> },
  { path: 'forgot-password', element: <ForgotPasswordPage /> },
  { path: 'reset-password', element: <ResetPasswordPage /> },
];

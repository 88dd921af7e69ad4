import type { RouteObject } from 'react-router-dom';
import { LoginPage } from './components/login-page';
import { RegisterPage } from './components/register-page';

export const authRoutes: RouteObject[] = [
  { path: 'login', element: <LoginPage /> },
  { path: 'register', element: <RegisterPage /> },
];

import type { RouteObject } from 'react-router-dom';
import { lazyPages } from '@/lib/lazy-pages';

const page = lazyPages(() => import('./pages'), 'Loading page');

/** About, changelog, technical FAQ and supporters. */
export const infoRoutes: RouteObject[] = [
  page('about', 'AboutPage'),
  page('changelog', 'ChangelogPage'),
  page('technical-faq', 'TechnicalFaqPage'),
  page('supporters', 'SupportersPage'),
];

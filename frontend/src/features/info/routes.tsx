import type { RouteObject } from 'react-router-dom';
import { AboutPage } from './components/about-page';
import { ChangelogPage } from './components/changelog-page';
import { SupportersPage } from './components/supporters-page';
import { TechnicalFaqPage } from './components/technical-faq-page';

/** About, changelog, technical FAQ and supporters. */
export const infoRoutes: RouteObject[] = [
  { path: 'about', element: <AboutPage /> },
  { path: 'changelog', element: <ChangelogPage /> },
  { path: 'technical-faq', element: <TechnicalFaqPage /> },
  { path: 'supporters', element: <SupportersPage /> },
];

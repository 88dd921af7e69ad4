// The information pages, one lazily loaded chunk (see routes.tsx).
export { AboutPage } from './components/about-page';
export { ChangelogPage } from './components/changelog-page';
export { SupportersPage } from './components/supporters-page';
export { TechnicalFaqPage } from './components/technical-faq-page';

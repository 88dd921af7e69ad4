// The item pages, one lazily loaded chunk (see routes.tsx).
export { ItemDetailPage } from './components/item-detail-page';
export { ItemsPage } from './components/items-page';

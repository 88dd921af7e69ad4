import type { RouteObject } from 'react-router-dom';
import { ItemDetailPage } from './components/item-detail-page';
import { ItemsPage } from './components/items-page';

export const itemsRoutes: RouteObject[] = [
  { path: 'items', element: <ItemsPage /> },
  { path: 'item/:itemId', element: <ItemDetailPage /> },
];

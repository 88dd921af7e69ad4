import type { RouteObject } from 'react-router-dom';
import { lazyPages } from '@/lib/lazy-pages';

const page = lazyPages(() => import('./pages'), 'Loading items');

export const itemsRoutes: RouteObject[] = [page('items', 'ItemsPage'), page('item/:itemId', 'ItemDetailPage')];

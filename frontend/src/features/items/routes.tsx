import type { RouteObject } from 'react-router-dom';
import { lazyPages } from '@/lib/lazy-pages';

const page = lazyPages(() => import('./pages'), 'Loading items');
// An item's page is where links from outside land (the trading post, chat, the wiki): a small chunk of its
// own, without the item list's table and filters.
const itemPage = lazyPages(() => import('./components/item-detail-page'), 'Loading item');

export const itemsRoutes: RouteObject[] = [page('items', 'ItemsPage'), itemPage('item/:itemId', 'ItemDetailPage')];

import type { RouteObject } from 'react-router-dom';
import { ItemsPage } from './components/items-page';

export const itemsRoutes: RouteObject[] = [{ path: 'items', element: <ItemsPage /> }];

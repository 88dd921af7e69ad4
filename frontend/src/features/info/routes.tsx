import type { RouteObject } from 'react-router-dom';

/** About, changelog, technical FAQ and supporters. */
export const infoRoutes: RouteObject[] = [];

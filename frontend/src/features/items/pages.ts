// The item list, a lazily loaded chunk (see routes.tsx; an item's own page is another).
export { ItemsPage } from './components/items-page';

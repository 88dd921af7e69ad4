import { lazy, Suspense, useId, useState, type MouseEvent } from 'react';

// The menu (and MUI's popover machinery) loads the first time a reader opens it, not with the landing page.
const LanguageMenu = lazy(() => import('./components/language-menu'));

/** Opening and closing the language menu from a control: the props for that control and the menu itself. */
export function useLanguageMenu() {
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [wanted, setWanted] = useState(false);
  const open = Boolean(anchor);

  const controlProps = {
    'aria-haspopup': 'menu' as const,
    'aria-expanded': open,
    'aria-controls': open ? menuId : undefined,
    onClick: (event: MouseEvent<HTMLElement>) => {
      setWanted(true);
      setAnchor(event.currentTarget);
    },
  };
  const menu = wanted ? (
    <Suspense fallback={null}>
      <LanguageMenu id={menuId} anchorEl={anchor} open={open} onClose={() => setAnchor(null)} />
    </Suspense>
  ) : null;
  return { controlProps, menu };
}

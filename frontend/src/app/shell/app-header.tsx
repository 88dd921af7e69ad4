import MenuIcon from '@mui/icons-material/Menu';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { LinkButton, NavButton, useQueryPreservingTo } from '@/components/ui/query-link';
import { LanguageButton } from '@/features/language/components/language-button';
import { logoutRequested, selectCanToggleBranch, selectIsAdmin, selectIsLoggedIn } from '@/features/auth/auth-slice';
import { newItemsLink } from '@/config/links';
import { useSiteLinks } from '@/config/site-config';
import { useAppDispatch, useAppSelector } from '../hooks';
import { displayFontFamily } from '../theme';
import { navItems } from './nav-items';

const NavDrawer = lazy(() => import('./nav-drawer'));
// Only testers and admins get the branch toggle: its MUI parts load for them, not with the landing page.
const BranchToggle = lazy(() => import('./branch-toggle'));

const navButtonSx = {
  color: 'text.secondary',
  px: 0.75,
  minWidth: 0,
  whiteSpace: 'nowrap',
  '&.active': { color: 'primary.light', boxShadow: 'inset 0 -2px 0 currentColor', borderRadius: 0 },
  '&:hover': { color: 'text.primary' },
} as const;

// The full link row needs about 1280 px; narrower screens get the drawer instead. Testers and admins also
// get the branch toggle (and admins the Admin button) in the toolbar, which needs about 1400 px with the row.
// The language button beside the row takes 48 px of what is left: measured in Chromium with DejaVu Sans (the
// widest fallback font) 42 px remain at 1280 and 97 px at 1440; with the New Items link a visitor's row
// fits at 1280 with Segoe-UI-wide fonts (29 px left) but needs about 1330 px with DejaVu Sans.
const rowFrom = (withBranchToggle: boolean) => (withBranchToggle ? 1440 : 1280);
const wideScreen = (from: number) => `@media (min-width: ${from}px)`;
const narrowScreen = (from: number) => `@media (max-width: ${from - 0.05}px)`;

export function Brand({ hideOnPhones = false }: { hideOnPhones?: boolean }) {
  const home = useQueryPreservingTo('/');
  return (
    <Typography
      component={RouterLink}
      to={home}
      aria-label="Grim League home"
      sx={{
        fontFamily: displayFontFamily,
        fontSize: { xs: '1.15rem', xl: '1.35rem' },
        fontWeight: 700,
        letterSpacing: '0.12em',
        textTransform: 'uppercase',
        textDecoration: 'none',
        color: 'primary.main',
        textShadow: '0 0 18px rgba(217, 98, 43, 0.45)',
        whiteSpace: 'nowrap',
        mr: { xs: 1, xl: 2 },
        display: hideOnPhones ? { xs: 'none', sm: 'inline' } : 'inline',
      }}
    >
      Grim League
    </Typography>
  );
}

function AccountActions() {
  const dispatch = useAppDispatch();
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const isAdmin = useAppSelector(selectIsAdmin);

  if (!loggedIn) {
    return (
      <Stack direction="row" spacing={1} sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
        <LinkButton to="/login" variant="outlined" color="primary" size="small">
          Login
        </LinkButton>
        <LinkButton to="/register" variant="contained" color="primary" size="small">
          Register Account
        </LinkButton>
      </Stack>
    );
  }
  return (
    <Stack direction="row" spacing={1} sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
      {isAdmin && (
        <LinkButton to="/admin" variant="text" color="secondary" size="small">
          Admin
        </LinkButton>
      )}
      <LinkButton to="/profile" variant="outlined" color="primary" size="small">
        Profile
      </LinkButton>
      <Button variant="text" color="inherit" onClick={() => dispatch(logoutRequested())} size="small">
        Logout
      </Button>
    </Stack>
  );
}

export function AppHeader() {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerWanted, setDrawerWanted] = useState(false);
  const canToggleBranch = useAppSelector(selectCanToggleBranch);
  const from = rowFrom(canToggleBranch);
  const closeDrawer = () => setDrawerOpen(false);
  // Shown only when the operator has configured it (GET /api/site-config).
  const externalNavItem = newItemsLink(useSiteLinks());
  // The link row is only rendered where it is shown: a phone's first render skips its buttons and links.
  // (Read at once, not after a first render; without matchMedia, as in the unit tests, it is rendered.)
  const wide = useMediaQuery(wideScreen(from).replace('@media ', ''), { noSsr: true, defaultMatches: true });

  // frontend/index.html paints this bar's frame before the JavaScript arrives: its heights, the menu icon's
  // and the name's breakpoints are written there too (the home journey holds the two equal).
  return (
    <AppBar position="sticky">
      <Toolbar sx={{ gap: 1, minHeight: { xs: 60, md: 68 } }}>
        <IconButton
          edge="start"
          color="inherit"
          aria-label="Open navigation"
          onClick={() => {
            setDrawerWanted(true);
            setDrawerOpen(true);
          }}
          sx={{ display: 'inline-flex', [wideScreen(from)]: { display: 'none' } }}
        >
          <MenuIcon />
        </IconButton>
        <Brand hideOnPhones />
        {wide && (
          <Box
            component="nav"
            aria-label="Main"
            sx={{ display: 'flex', alignItems: 'center', [narrowScreen(from)]: { display: 'none' } }}
          >
            {navItems.map((item) => (
              <NavButton key={item.to} to={item.to} end={item.end} size="small" sx={navButtonSx}>
                {item.label}
              </NavButton>
            ))}
            {externalNavItem && (
              <Button
                href={externalNavItem.href}
                target="_blank"
                rel="noopener noreferrer"
                size="small"
                endIcon={<OpenInNewIcon fontSize="inherit" />}
                sx={navButtonSx}
              >
                {externalNavItem.label}
              </Button>
            )}
          </Box>
        )}
        <Box sx={{ flexGrow: 1 }} />
        {canToggleBranch && (
          <Suspense fallback={null}>
            <BranchToggle inToolbar />
          </Suspense>
        )}
        {/* Beside the link row only: narrower screens have the language choice in the drawer, and keep their
            toolbar as it was (an admin's is full from 600 px). */}
        <LanguageButton sx={{ flexShrink: 0, [narrowScreen(from)]: { display: 'none' } }} />
        <AccountActions />
      </Toolbar>

      {/* The drawer (and MUI's modal machinery) loads the first time it is opened: the landing page's
          JavaScript does not carry it. */}
      {drawerWanted && (
        <Suspense fallback={null}>
          <NavDrawer open={drawerOpen} onClose={closeDrawer} externalNavItem={externalNavItem} />
        </Suspense>
      )}
    </AppBar>
  );
}

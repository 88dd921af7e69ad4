import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { NavLink } from 'react-router-dom';
import { useQueryPreservingTo } from '@/components/ui/query-link';
import { selectCanToggleBranch } from '@/features/auth/auth-slice';
import { LanguageListItem } from '@/features/language/components/language-list-item';
import type { newItemsLink } from '@/config/links';
import { useAppSelector } from '../hooks';
import { Brand } from './app-header';
import BranchToggle from './branch-toggle';
import { navItems, type NavItem } from './nav-items';

function DrawerNavItem({ item, onNavigate }: { item: NavItem; onNavigate: () => void }) {
  const target = useQueryPreservingTo(item.to);
  return (
    <ListItem disablePadding>
      <ListItemButton
        component={NavLink}
        to={target}
        end={item.end}
        onClick={onNavigate}
        sx={{ '&.active': { color: 'primary.light', boxShadow: 'inset 3px 0 0 currentColor' } }}
      >
        <ListItemText primary={item.label} />
      </ListItemButton>
    </ListItem>
  );
}

function DrawerBranchToggle() {
  const canToggle = useAppSelector(selectCanToggleBranch);
  if (!canToggle) return null;
  return (
    <Box sx={{ px: 2, pb: 1.5 }}>
      <BranchToggle />
    </Box>
  );
}

/** The navigation drawer of narrow screens (a lazy chunk of its own, see AppHeader). */
export default function NavDrawer({
  open,
  onClose,
  externalNavItem,
}: {
  open: boolean;
  onClose: () => void;
  externalNavItem: ReturnType<typeof newItemsLink>;
}) {
  return (
    // The drawer's paper is a dialog (MUI gives it the role); its name says what it holds.
    <Drawer open={open} onClose={onClose} slotProps={{ paper: { 'aria-label': 'Navigation' } }}>
      <Box component="nav" aria-label="Main" sx={{ width: 260, pt: 2 }}>
        <Box sx={{ px: 2, pb: 1 }}>
          <Brand />
        </Box>
        <DrawerBranchToggle />
        <Divider />
        <List>
          {navItems.map((item) => (
            <DrawerNavItem key={item.to} item={item} onNavigate={onClose} />
          ))}
          {externalNavItem && (
            <ListItem disablePadding>
              <ListItemButton
                component="a"
                href={externalNavItem.href}
                target="_blank"
                rel="noopener noreferrer"
                onClick={onClose}
              >
                <ListItemText primary={externalNavItem.label} />
                <OpenInNewIcon fontSize="small" />
              </ListItemButton>
            </ListItem>
          )}
        </List>
        <Divider />
        <List>
          <LanguageListItem />
        </List>
      </Box>
    </Drawer>
  );
}

import Box from '@mui/material/Box';
import { Outlet } from 'react-router-dom';
import { AppFooter } from './app-footer';
import { AppHeader } from './app-header';
import { BusyIndicator } from './busy-indicator';
import { ErrorModal } from './error-modal';

export function AppShell() {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <BusyIndicator />
      <AppHeader />
      {/* At least a screen tall: the footer starts below the fold, so a page growing as its data arrives
          never moves it on screen (no layout shift). */}
      <Box component="main" sx={{ flexGrow: 1, minHeight: '100vh' }}>
        <Outlet />
      </Box>
      <AppFooter />
      <ErrorModal />
    </Box>
  );
}

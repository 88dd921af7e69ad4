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
      <Box component="main" sx={{ flexGrow: 1 }}>
        <Outlet />
      </Box>
      <AppFooter />
      <ErrorModal />
    </Box>
  );
}

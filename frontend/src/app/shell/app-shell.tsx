import Box from '@mui/material/Box';
import { Outlet } from 'react-router-dom';
import { selectLanguage } from '@/features/language/language-slice';
import { useAppSelector } from '../hooks';
import { AppFooter } from './app-footer';
import { AppHeader } from './app-header';
import { BusyIndicator } from './busy-indicator';
import { ErrorModal } from './error-modal';

export function AppShell() {
  const language = useAppSelector(selectLanguage);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <BusyIndicator />
      <AppHeader />
      {/* At least a screen tall: the footer starts below the fold, so a page growing as its data arrives
          never moves it on screen (no layout shift). */}
      <Box component="main" sx={{ flexGrow: 1, minHeight: '100vh' }}>
        {/* Game names come in the chosen language: a new choice mounts the page afresh, so it loads its data
            again (each page asks for its data when it mounts) and nothing shows the old language's names. */}
        <Outlet key={language ?? 'automatic'} />
      </Box>
      <AppFooter />
      <ErrorModal />
    </Box>
  );
}

import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Region } from '@league/contracts';
import { useEffect, useState } from 'react';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/page-states';
import { fileListRequested, selectFileList } from '../info-slice';
import { LauncherDownloadButton, ModFilesTable } from './downloads';
import { DEFAULT_REGION, RegionPicker } from './region-picker';

export const NO_MOD_FILES_TEXT = 'No mod files are available yet.';

export const TROUBLESHOOTING: ReadonlyArray<{ question: string; answer: string }> = [
  {
    question: 'The launcher says my game version does not match.',
    answer:
      'Update Grim Dawn and both expansions through your store, then verify the game files. The league mod is built for the current game version only.',
  },
  {
    question: 'The launcher cannot find my Grim Dawn installation.',
    answer:
      'Point the launcher at the folder that holds Grim Dawn.exe (not the save folder). Run the game once without the launcher first so its folders exist.',
  },
  {
    question: 'A download is slow or stops.',
    answer:
      'Pick the region closest to you above and download again. Corporate networks and some antivirus programs block large archives: allow the launcher or try another network.',
  },
  {
    question: 'My characters or stash do not show up.',
    answer:
      'League characters live in their own save folder and only appear when the game is started through the launcher while you are logged in. Cloud saving must be off in Steam for the league folder.',
  },
  {
    question: 'The game crashes on start after an update.',
    answer:
      'Delete the league mod folder and let the launcher download every file again; a half-written file from an interrupted download is the usual cause.',
  },
];

export function TechnicalFaqPage() {
  const dispatch = useAppDispatch();
  const [region, setRegion] = useState<Region>(DEFAULT_REGION);
  const { status, data, error } = useAppSelector(selectFileList);

  useEffect(() => {
    dispatch(fileListRequested({ region }));
  }, [dispatch, region]);

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 6 } }}>
      <Typography variant="h3" component="h1" gutterBottom sx={{ fontSize: { xs: '2rem', md: '3rem' } }}>
        Technical FAQ
      </Typography>

      <Box component="section" aria-labelledby="downloads-heading" sx={{ mb: 5 }}>
        <Typography id="downloads-heading" variant="h5" component="h2" gutterBottom>
          Downloads
        </Typography>
        <Typography color="text.secondary" gutterBottom>
          Choose the download region closest to you.
        </Typography>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { md: 'center' } }}>
          <RegionPicker value={region} onChange={setRegion} />
          <Box>
            <LauncherDownloadButton region={region} />
          </Box>
        </Stack>
        {data?.launcherFile && (
          <Typography variant="body2" color="text.secondary" gutterBottom>
            Launcher version {data.launcherFile.version}
          </Typography>
        )}
        {(status === 'idle' || status === 'loading') && <LoadingState label="Loading mod files" />}
        {status === 'failed' && <ErrorState text={error ?? ''} />}
        {status === 'loaded' && data?.modFiles.length === 0 && <EmptyState text={NO_MOD_FILES_TEXT} />}
        {status === 'loaded' && data && data.modFiles.length > 0 && (
          <ModFilesTable files={data.modFiles} region={region} label="Mod files" />
        )}
      </Box>

      <Box component="section" aria-labelledby="troubleshooting-heading">
        <Typography id="troubleshooting-heading" variant="h5" component="h2" gutterBottom>
          Troubleshooting
        </Typography>
        <Stack spacing={1.5}>
          {TROUBLESHOOTING.map(({ question, answer }) => (
            <Paper key={question} variant="outlined" sx={{ p: 2 }}>
              <Typography component="h3" variant="subtitle1" color="primary.light">
                {question}
              </Typography>
              <Typography variant="body2">{answer}</Typography>
            </Paper>
          ))}
        </Stack>
      </Box>
    </Container>
  );
}

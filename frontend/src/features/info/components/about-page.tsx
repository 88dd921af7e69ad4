import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/page-states';
import { aboutRequested, selectClock, selectPreload, selectSeasonSchedule } from '../info-slice';
import { LauncherDownloadButton, ModFilesTable } from './downloads';
import { DEFAULT_REGION } from './region-picker';
import { SeasonCountdown } from './season-countdown';

export const NO_SEASON_TEXT = 'The next season has not been announced yet.';
export const NO_PRELOAD_TEXT = 'No files to pre-load yet.';
export const FREE_STASH_SLOTS = 250;
export const UPLOAD_TAB = 6;
export const TRANSFER_TAB = 5;

export const RULES: readonly string[] = [
  'Play league characters only through the launcher, logged in with your league account.',
  'One account per player. Sharing accounts or characters removes them from the ladders.',
  'No cheating tools, save editors, item duplication or exploits. Report bugs instead of using them.',
  'Hardcore ladders count a character until its first death.',
  'Be kind in chat and on Discord; moderators may ban players who are not.',
];

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `about-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <Box component="section" aria-labelledby={id} sx={{ mt: 5 }}>
      <Typography id={id} variant="h5" component="h2" gutterBottom>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

export function AboutPage() {
  const dispatch = useAppDispatch();
  const clock = useAppSelector(selectClock);
  const season = useAppSelector(selectSeasonSchedule);
  const preload = useAppSelector(selectPreload);

  useEffect(() => {
    dispatch(aboutRequested());
  }, [dispatch]);

  // The countdown waits for the server clock; if it cannot be read, the browser's clock has to do.
  const clockSettled = clock.status === 'loaded' || clock.status === 'failed';

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 6 } }}>
      <Typography variant="h3" component="h1" gutterBottom sx={{ fontSize: { xs: '2rem', md: '3rem' } }}>
        About the League
      </Typography>
      <Typography sx={{ mb: 3 }}>
        Grim League is a seasonal league for Grim Dawn: everyone starts fresh on the same day with the league mod,
        climbs the ladders by completing challenges, and trades through the cloud stash. When a season ends the
        standings are kept, and the next season brings new challenges and items.
      </Typography>

      {(season.status === 'loading' || season.status === 'idle' || (season.status === 'loaded' && !clockSettled)) && (
        <LoadingState label="Loading the season" />
      )}
      {season.status === 'failed' && <ErrorState text={season.error ?? ''} />}
      {season.status === 'loaded' && !season.data && <EmptyState text={NO_SEASON_TEXT} />}
      {season.status === 'loaded' && season.data && clockSettled && (
        <SeasonCountdown season={season.data} offsetMs={clock.offsetMs} />
      )}

      <Section title="Get the launcher">
        <Typography gutterBottom>
          The launcher installs and updates the league mod, starts the game and keeps your characters on the ladder.
        </Typography>
        <LauncherDownloadButton region={DEFAULT_REGION} />
      </Section>

      <Section title="Pre-load the season files">
        <Typography gutterBottom>
          Download these files ahead of the start so the launcher has less to fetch on launch day.
        </Typography>
        {(preload.status === 'idle' || preload.status === 'loading') && <LoadingState label="Loading files" />}
        {preload.status === 'failed' && <ErrorState text={preload.error ?? ''} />}
        {preload.status === 'loaded' && preload.data?.length === 0 && <EmptyState text={NO_PRELOAD_TEXT} />}
        {preload.status === 'loaded' && preload.data && preload.data.length > 0 && (
          <ModFilesTable files={preload.data} region={DEFAULT_REGION} label="Pre-load files" />
        )}
      </Section>

      <Section title="Rules">
        <Box component="ol" sx={{ m: 0, pl: 3 }}>
          {RULES.map((rule) => (
            <Typography component="li" key={rule} sx={{ mb: 0.5 }}>
              {rule}
            </Typography>
          ))}
        </Box>
      </Section>

      <Section title="Cloud stash">
        <Typography gutterBottom>
          Every player gets a cloud stash of {FREE_STASH_SLOTS} free slots; supporters get unlimited space.
        </Typography>
        <Typography gutterBottom>
          To upload, put items in shared stash tab {UPLOAD_TAB} and close the stash: the launcher moves them to your
          cloud stash. Items you transfer from the cloud stash arrive in shared stash tab {TRANSFER_TAB} the next time
          you open it.
        </Typography>
      </Section>

      <Section title="Credits">
        <Typography gutterBottom>
          Grim Dawn is made by Crate Entertainment. The league is run by volunteers from the community: the league team
          builds the mod, the launcher and this site, and our moderators keep chat friendly.
        </Typography>
        <Typography color="text.secondary">
          Thank you to every supporter and tester who helps keep the servers running.
        </Typography>
      </Section>
    </Container>
  );
}

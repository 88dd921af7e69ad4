import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { useEffect, type ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { PageHeader } from '@/components/ui/page-header';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/page-states';
import { LinkButton } from '@/components/ui/query-link';
import type { DeathAnalytics } from '../api/death-analytics-types';
import { deathAnalyticsRequested, selectDeathAnalytics } from '../death-analytics-slice';

export const NO_DEATHS_TEXT = 'No hardcore deaths have been recorded in this season yet.';
const DIFFICULTIES = ['Normal', 'Elite', 'Ultimate'] as const;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title} sx={{ mb: 4 }}>
      <Typography variant="h5" component="h2" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function KillerTable({ killers }: { killers: DeathAnalytics['killers'] }) {
  return (
    <TableContainer component={Paper}>
      <Table size="small" aria-label="Killers by deaths">
        <TableHead>
          <TableRow>
            <TableCell>Rank</TableCell>
            <TableCell>Killed By</TableCell>
            <TableCell align="right">Deaths</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {killers.map((k) => (
            <TableRow key={k.tag} hover>
              <TableCell>{k.rank}</TableCell>
              <TableCell>{k.killedBy}</TableCell>
              <TableCell align="right">{k.deaths}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** A stacked bar per level band, one series per difficulty, with the same numbers in a table under it. */
function BandChart({ analytics }: { analytics: DeathAnalytics }) {
  const bands = analytics.levelBands;
  return (
    <Paper sx={{ p: 2 }}>
      <Box role="img" aria-label="Bar chart of deaths by level band and difficulty">
        <BarChart
          height={300}
          xAxis={[{ scaleType: 'band', data: bands.map((b) => `Level ${b.band}`) }]}
          yAxis={[{ tickMinStep: 1 }]}
          series={DIFFICULTIES.map((difficulty, d) => ({
            label: difficulty,
            stack: 'deaths',
            data: bands.map((b) => b.byDifficulty[d]?.deaths ?? 0),
          }))}
        />
      </Box>
      <Table size="small" aria-label="Deaths by level band and difficulty">
        <TableHead>
          <TableRow>
            <TableCell>Level</TableCell>
            {DIFFICULTIES.map((d) => (
              <TableCell key={d} align="right">
                {d}
              </TableCell>
            ))}
            <TableCell align="right">Total</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {bands.map((b) => (
            <TableRow key={b.band}>
              <TableCell>{b.band}</TableCell>
              {b.byDifficulty.map((d) => (
                <TableCell key={d.difficulty} align="right">
                  {d.deaths}
                </TableCell>
              ))}
              <TableCell align="right">{b.deaths}</TableCell>
            </TableRow>
          ))}
          <TableRow>
            <TableCell sx={{ fontWeight: 'bold' }}>All levels</TableCell>
            {analytics.difficulties.map((d) => (
              <TableCell key={d.difficulty} align="right" sx={{ fontWeight: 'bold' }}>
                {d.deaths}
              </TableCell>
            ))}
            <TableCell align="right" sx={{ fontWeight: 'bold' }}>
              {analytics.totalDeaths}
            </TableCell>
          </TableRow>
        </TableBody>
      </Table>
    </Paper>
  );
}

/** Deaths per class as horizontal bars, and each class's deadliest killer. */
function ClassView({ classes }: { classes: DeathAnalytics['classes'] }) {
  return (
    <Stack spacing={2}>
      <Paper sx={{ p: 2 }}>
        <Box role="img" aria-label="Bar chart of deaths by class">
          <BarChart
            layout="horizontal"
            height={Math.max(160, 36 * classes.length + 60)}
            yAxis={[{ scaleType: 'band', data: classes.map((c) => c.className), width: 120 }]}
            xAxis={[{ tickMinStep: 1 }]}
            series={[{ label: 'Deaths', data: classes.map((c) => c.deaths) }]}
          />
        </Box>
      </Paper>
      <TableContainer component={Paper}>
        <Table size="small" aria-label="Deadliest killer per class">
          <TableHead>
            <TableRow>
              <TableCell>Class</TableCell>
              <TableCell align="right">Deaths</TableCell>
              <TableCell>Deadliest Killer</TableCell>
              <TableCell align="right">Its Kills</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {classes.map((c) => (
              <TableRow key={c.className} hover>
                <TableCell>{c.className}</TableCell>
                <TableCell align="right">{c.deaths}</TableCell>
                <TableCell>{c.deadliestKiller.killedBy}</TableCell>
                <TableCell align="right">{c.deadliestKiller.deaths}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Stack>
  );
}

/** seasons/{id}/death-analytics: what kills a hardcore season's characters, at which levels and difficulties. */
export function DeathAnalyticsPage() {
  const dispatch = useAppDispatch();
  const seasonId = Number(useParams().seasonId);
  const { status, season, analytics, error } = useAppSelector(selectDeathAnalytics);

  useEffect(() => {
    dispatch(deathAnalyticsRequested({ seasonId }));
  }, [dispatch, seasonId]);

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 6 } }}>
      <PageHeader title={season ? `${season.displayName} Death Analytics` : 'Death Analytics'}>
        <LinkButton to={`/seasons/${seasonId}/kill-tracker`} variant="outlined">
          Kill Tracker
        </LinkButton>
        <LinkButton to="/seasons" variant="contained">
          Back To Seasons
        </LinkButton>
      </PageHeader>
      {status === 'loading' && <LoadingState label="Loading death analytics" />}
      {status === 'failed' && <ErrorState text={error ?? ''} />}
      {status === 'loaded' && analytics && analytics.totalDeaths === 0 && <EmptyState text={NO_DEATHS_TEXT} />}
      {status === 'loaded' && analytics && analytics.totalDeaths > 0 && (
        <>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {analytics.totalDeaths} hardcore {analytics.totalDeaths === 1 ? 'death' : 'deaths'} recorded this season.
          </Typography>
          <Section title="Deadliest Killers">
            <KillerTable killers={analytics.killers} />
          </Section>
          <Section title="Deaths by Level and Difficulty">
            <BandChart analytics={analytics} />
          </Section>
          <Section title="Deaths by Class">
            <ClassView classes={analytics.classes} />
          </Section>
        </>
      )}
    </Container>
  );
}

import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { useQueryPreservingTo } from '@/components/ui/query-link';

/** The earlier seasons with their own pages. */
export const PREVIOUS_SEASON_NUMBERS = [3, 4, 5, 6] as const;

function SeasonLinkCard({ seasonNumber }: { seasonNumber: number }) {
  const to = useQueryPreservingTo(`/previous-seasons/${seasonNumber}`);
  return (
    <Card>
      <CardActionArea component={RouterLink} to={to}>
        <CardContent>
          <Typography variant="h5" component="h2">
            Season {seasonNumber}
          </Typography>
          <Typography color="text.secondary">Challenges and leaderboards</Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

export function PreviousSeasonsPage() {
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 6 } }}>
      <Typography variant="h3" component="h1" gutterBottom sx={{ fontSize: { xs: '2rem', md: '3rem' } }}>
        Previous Seasons
      </Typography>
      <Grid container spacing={3}>
        {PREVIOUS_SEASON_NUMBERS.map((n) => (
          <Grid key={n} size={{ xs: 12, sm: 6, md: 3 }}>
            <SeasonLinkCard seasonNumber={n} />
          </Grid>
        ))}
      </Grid>
    </Container>
  );
}

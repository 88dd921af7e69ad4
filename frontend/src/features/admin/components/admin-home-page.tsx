import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LinkButton } from '@/components/ui/query-link';

/** The admin's fixed list of seasons (spec §3): all labelled 'Season 7'. */
export const ADMIN_SEASONS = [
  { seasonId: 18, label: 'SC Trade', branch: 'prod' },
  { seasonId: 19, label: 'HC SSF', branch: 'prod' },
  { seasonId: 16, label: 'SC Trade', branch: 'beta' },
  { seasonId: 17, label: 'HC SSF', branch: 'beta' },
] as const;

/** The links beside the season cards (spec §2 Season list). */
export const ADMIN_LINKS = [
  { label: 'Mod Files', to: '/admin/files/prod' },
  { label: 'Beta Files', to: '/admin/files/beta' },
  { label: 'Items', to: '/admin/items' },
  { label: 'Encounters', to: '/admin/encounters' },
  { label: 'Chat Management', to: '/admin/chat' },
  { label: 'Suspected Duplicates', to: '/admin/duplicates' },
] as const;

/** admin and admin/season-list: a card per season (Challenge List, Leaderboard) and the other admin screens. */
export function AdminHomePage() {
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 6 } }}>
      <Typography variant="h3" component="h1" gutterBottom sx={{ fontSize: { xs: '2rem', md: '3rem' } }}>
        Admin
      </Typography>
      <Grid container spacing={3}>
        {ADMIN_SEASONS.map((season) => {
          const name = `Season 7 ${season.label} (${season.branch})`;
          return (
            <Grid key={season.seasonId} size={{ xs: 12, sm: 6, md: 3 }}>
              <Card component="article" aria-label={name} sx={{ height: '100%' }}>
                <CardContent>
                  <Typography variant="h5" component="h2">
                    Season 7
                  </Typography>
                  <Typography color="text.secondary">
                    {season.label} · {season.branch} · id {season.seasonId}
                  </Typography>
                </CardContent>
                <CardActions sx={{ px: 2, pb: 2, flexWrap: 'wrap', gap: 1 }}>
                  <LinkButton to={`/admin/season-detail/${season.seasonId}`} variant="outlined">
                    Challenge List
                  </LinkButton>
                  <LinkButton
                    to={`/admin/leaderboard/${season.seasonId}`}
                    variant="contained"
                    sx={{ ml: '0 !important' }}
                  >
                    Leaderboard
                  </LinkButton>
                </CardActions>
              </Card>
            </Grid>
          );
        })}
      </Grid>
      <Stack
        component="nav"
        aria-label="Admin screens"
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ mt: 4, flexWrap: 'wrap' }}
      >
        {ADMIN_LINKS.map((link) => (
          <LinkButton key={link.to} to={link.to} variant="outlined">
            {link.label}
          </LinkButton>
        ))}
      </Stack>
    </Container>
  );
}

import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Navigate, useLocation } from 'react-router-dom';
import { LinkButton, TextLink } from '@/components/ui/query-link';
import { LandingCarousel } from './landing-carousel';

export const LANDING_TAGLINE = 'A seasonal Grim Dawn ladder: fresh characters, shared challenges, one leaderboard.';

/** The value of the first query parameter, when it has one (the Patreon OAuth return code). */
function firstParameterValue(search: string): string | null {
  const first = new URLSearchParams(search).entries().next();
  if (first.done || first.value[1] === '') return null;
  return first.value[1];
}

export function LandingPage() {
  const { search } = useLocation();
  const code = firstParameterValue(search);
  if (code !== null) {
    // Patreon's OAuth `state` travels with the code: the account service checks it against the session.
    const state = new URLSearchParams(search).get('state');
    const query = new URLSearchParams(state ? { code, state } : { code });
    return <Navigate to={{ pathname: '/profile', search: `?${query}` }} replace />;
  }

  return (
    <>
      <LandingCarousel />
      <Container maxWidth="md" sx={{ py: { xs: 5, md: 8 }, textAlign: 'center' }}>
        <Typography
          variant="h2"
          component="h1"
          sx={{ fontSize: { xs: '2.4rem', md: '3.6rem' }, color: 'primary.light', mb: 2 }}
        >
          Grim League
        </Typography>
        <Typography variant="h6" component="p" color="text.secondary" sx={{ fontWeight: 400, mb: 4 }}>
          {LANDING_TAGLINE}
        </Typography>
        <Stack spacing={2} alignItems="center">
          <LinkButton to="/register" variant="contained" size="large" sx={{ px: 5 }}>
            Register Account
          </LinkButton>
          <TextLink to="/forgot-password">Forgot Password</TextLink>
        </Stack>
      </Container>
    </>
  );
}

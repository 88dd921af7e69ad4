import Container from '@mui/material/Container';
import { useEffect, useState } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import { useAppSelector } from '@/app/hooks';
import { LoadingState } from '@/components/ui/page-states';
import { getProfile } from '../api/get-profile';

/**
 * seasons/{seasonId}/trading-post: the season's trading post. Trading needs a participant, so a visitor
 * logs in first; a participant of that trade season goes to its trading post, anyone else to the profile.
 */
export function SeasonTradingPostRoute() {
  const { seasonId } = useParams();
  const loggedIn = useAppSelector((state) => state.auth.loggedIn);
  const branch = useAppSelector((state) => state.auth.branch);
  const [target, setTarget] = useState<string | null>(null);

  useEffect(() => {
    if (!loggedIn) return;
    let current = true;
    getProfile(branch).then(
      (profile) => {
        const participant = profile.seasonParticipants.find((p) => String(p.seasonId) === seasonId);
        if (current) setTarget(participant?.season.seasonTypeId === 1 ? '/profile/trading-post?st=1' : '/profile');
      },
      () => current && setTarget('/profile'),
    );
    return () => {
      current = false;
    };
  }, [loggedIn, branch, seasonId]);

  if (!loggedIn) return <Navigate to="/login" replace />;
  if (target) return <Navigate to={target} replace />;
  return (
    <Container maxWidth="md" sx={{ py: 4 }}>
      <LoadingState label="Loading trading post" />
    </Container>
  );
}

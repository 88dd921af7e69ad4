import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useAppSelector } from '@/app/hooks';
import { LinkButton } from '@/components/ui/query-link';
import { ApiError, GENERIC_ERROR_MESSAGE } from '@/lib/api-client';
import { ladderName } from '@/lib/ladder-name';
import { getLatestLadders } from '../api/get-latest-ladders';
import { getPatreonAuthorizeUrl } from '../api/get-patreon-authorize-url';
import { getPatreonStatus } from '../api/get-patreon-status';
import { getProfile } from '../api/get-profile';
import { postAddParticipant } from '../api/post-add-participant';
import { postConnectPatreon } from '../api/post-connect-patreon';
import type { Profile, ProfileSeason, SeasonParticipant } from '../api/profile-types';
import { PatreonPanel, type PatreonState } from './patreon-panel';
import { StashTiles } from './stash-tiles';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/page-states';

type Load =
  | { kind: 'loading' }
  | { kind: 'failed'; text: string }
  | { kind: 'ready'; profile: Profile; ladders: ProfileSeason[] };

const messageOf = (error: unknown) => (error instanceof ApiError ? error.message : GENERIC_ERROR_MESSAGE);

const statusLabel: Record<NonNullable<ProfileSeason['status']>, string> = {
  upcoming: 'Not started',
  running: 'Running',
  ended: 'Ended',
};

function participantPath(seasonId: number, participant: SeasonParticipant, page: string, username: string) {
  return `/seasons/${seasonId}/participant/${participant.seasonParticipantId}${page}?username=${encodeURIComponent(username)}`;
}

function LadderCard({
  season,
  participant,
  username,
  joining,
  onJoin,
}: {
  season: ProfileSeason;
  participant: SeasonParticipant | undefined;
  username: string;
  joining: boolean;
  onJoin: () => void;
}) {
  const headingId = `ladder-${season.seasonId}`;
  const name = ladderName(season);
  const ended = season.status === 'ended';
  return (
    <Paper component="section" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1, mb: 2 }}>
        <Typography id={headingId} variant="h6" component="h2" sx={{ mr: 1 }}>
          {name}
        </Typography>
        {season.isBeta && <Chip label="Beta" size="small" color="secondary" />}
        {season.status && <Chip label={statusLabel[season.status]} size="small" variant="outlined" />}
      </Stack>
      {participant ? (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <LinkButton variant="contained" to={participantPath(season.seasonId, participant, '', username)}>
            Challenges
          </LinkButton>
          <LinkButton variant="outlined" to={participantPath(season.seasonId, participant, '/builds', username)}>
            Character Builds
          </LinkButton>
          <LinkButton variant="outlined" to={participantPath(season.seasonId, participant, '/screenshots', username)}>
            Screenshots
          </LinkButton>
        </Stack>
      ) : null}
      {participant ? (
        <StashTiles season={season} participantId={participant.seasonParticipantId} username={username} />
      ) : (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Button variant="contained" onClick={onJoin} disabled={joining || ended} aria-label={`Join ${name}`}>
            {joining ? 'Joining…' : 'Join'}
          </Button>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {ended ? 'This season has ended.' : 'You have not joined this ladder yet.'}
          </Typography>
        </Stack>
      )}
    </Paper>
  );
}

export function ProfilePage() {
  const branch = useAppSelector((state) => state.auth.branch);
  const [searchParams, setSearchParams] = useSearchParams();
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [joining, setJoining] = useState<number | null>(null);
  const [patreon, setPatreon] = useState<PatreonState | null>(null);
  const [patreonConnectUrl, setPatreonConnectUrl] = useState<string | null>(null);
  const accountPatreon = useRef<boolean | null>(null);
  const exchangedCode = useRef<string | null>(null);
  const code = searchParams.get('code');
  const oauthState = searchParams.get('state');

  useEffect(() => {
    let current = true;
    // Loading already (the first run): the same state, so no render of the whole page for nothing.
    setLoad((l) => (l.kind === 'loading' ? l : { kind: 'loading' }));
    Promise.all([getProfile(branch), getLatestLadders(branch)]).then(
      ([profile, ladders]) => current && setLoad({ kind: 'ready', profile, ladders: ladders ?? [] }),
      (error: unknown) => current && setLoad({ kind: 'failed', text: messageOf(error) }),
    );
    return () => {
      current = false;
    };
  }, [branch]);

  // The account service owns the Patreon link (GET /season/profile always says false); a code exchange
  // in progress or done wins over this answer.
  useEffect(() => {
    let current = true;
    void getPatreonAuthorizeUrl().then((url) => current && setPatreonConnectUrl(url));
    getPatreonStatus().then(
      (connected) => {
        accountPatreon.current = connected;
        if (current) setPatreon((state) => state ?? { kind: 'known', connected });
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);

  // Patreon's OAuth return: exchange ?code= once (a ref, so StrictMode's second effect run and the
  // re-render after the address changes do not send it again), then drop it from the address.
  useEffect(() => {
    if (!code || exchangedCode.current === code) return;
    exchangedCode.current = code;
    setPatreon({ kind: 'connecting' });
    postConnectPatreon(code, oauthState).then(
      (answer) => setPatreon({ kind: 'known', connected: answer.isPatreonConnected, message: answer.message }),
      (error: unknown) =>
        setPatreon({ kind: 'failed', connected: accountPatreon.current ?? false, text: messageOf(error) }),
    );
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        next.delete('code');
        next.delete('state');
        return next;
      },
      { replace: true },
    );
  }, [code, oauthState, setSearchParams]);

  const join = async (seasonId: number) => {
    setJoining(seasonId);
    try {
      const participant = await postAddParticipant(seasonId);
      setLoad((state) => {
        if (state.kind !== 'ready') return state;
        const season = state.ladders.find((s) => s.seasonId === seasonId)!;
        const seasonParticipants = [...state.profile.seasonParticipants, { ...participant, season }];
        return { ...state, profile: { ...state.profile, seasonParticipants } };
      });
    } catch {
      // The Error modal has shown why (for example 409: the season has ended).
    } finally {
      setJoining(null);
    }
  };

  if (load.kind === 'loading') {
    return (
      <Container maxWidth="md" sx={{ py: 4 }}>
        <LoadingState label="Loading profile" />
      </Container>
    );
  }
  if (load.kind === 'failed') {
    return (
      <Container maxWidth="md" sx={{ py: 4 }}>
        <Typography variant="h4" component="h1">
          Profile
        </Typography>
        <ErrorState text={load.text} />
      </Container>
    );
  }

  const { profile, ladders } = load;
  const patreonState: PatreonState = patreon ?? { kind: 'known', connected: profile.isPatreonConnected };
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between', mb: 3 }}
      >
        <div>
          <Typography variant="h4" component="h1">
            Profile
          </Typography>
          <Typography sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
            Signed in as <strong>{profile.username}</strong>
          </Typography>
        </div>
        <LinkButton variant="outlined" to={`/socials?username=${encodeURIComponent(profile.username)}`}>
          Social Links
        </LinkButton>
      </Stack>
      <Stack spacing={2}>
        {ladders.length === 0 ? (
          <EmptyState text="No season ladders are open right now." />
        ) : (
          ladders.map((season) => (
            <LadderCard
              key={season.seasonId}
              season={season}
              participant={profile.seasonParticipants.find((p) => p.seasonId === season.seasonId)}
              username={profile.username}
              joining={joining === season.seasonId}
              onJoin={() => void join(season.seasonId)}
            />
          ))
        )}
        <PatreonPanel state={patreonState} connectUrl={patreonConnectUrl} />
      </Stack>
    </Container>
  );
}

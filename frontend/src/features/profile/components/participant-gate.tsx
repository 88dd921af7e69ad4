import Container from '@mui/material/Container';
import { startTransition, useEffect, useRef, useState, type ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { useAppSelector } from '@/app/hooks';
import { ErrorState, LoadingState } from '@/components/ui/page-states';
import { ApiError, GENERIC_ERROR_MESSAGE } from '@/lib/api-client';
import type { Branch } from '@/lib/branch';
import { answeredProfile, getProfile } from '../api/get-profile';
import type { Profile, ProfileSeason } from '../api/profile-types';
import { pickParticipant } from '../screen-start';

/** The caller's participation a stash or trading post screen works on. */
export interface ActiveParticipant {
  participantId: number;
  username: string;
  season: ProfileSeason;
  branch: Branch;
}

export type ParticipantLoad =
  | { kind: 'loading' }
  | { kind: 'failed'; text: string }
  | { kind: 'missing' }
  | { kind: 'ready'; participant: ActiveParticipant };

/** What the profile says of the caller's participant for the season type on the branch. */
function participantLoad(profile: Profile, seasonTypeId: number, branch: Branch): ParticipantLoad {
  const found = Number.isInteger(seasonTypeId) ? pickParticipant(profile, seasonTypeId) : undefined;
  if (!found) return { kind: 'missing' };
  return {
    kind: 'ready',
    participant: {
      participantId: found.seasonParticipantId,
      username: profile.username,
      season: found.season,
      branch,
    },
  };
}

/**
 * The caller's participant for the season type on the current branch, as it loads (GET /season/profile). When
 * the profile has answered already (asked for when the site opened, src/early.ts), the first render has it:
 * the effect's GET then takes that same response (no request) and changes nothing.
 */
export function useActiveParticipant(seasonTypeId: number): ParticipantLoad {
  const branch = useAppSelector((state) => state.auth.branch);
  const [load, setLoad] = useState<ParticipantLoad>(() => {
    const profile = answeredProfile(branch);
    return profile ? participantLoad(profile, seasonTypeId, branch) : { kind: 'loading' };
  });
  const answeredFirst = useRef(load.kind !== 'loading');

  useEffect(() => {
    let current = true;
    const shown = answeredFirst.current;
    answeredFirst.current = false;
    // Loading already (the first run): the same state, so no render of the whole screen for nothing.
    if (!shown) setLoad((l) => (l.kind === 'loading' ? l : { kind: 'loading' }));
    getProfile(branch).then(
      // A transition: the screen that waited for the participant renders in slices (see stash-browser).
      (profile) => current && !shown && startTransition(() => setLoad(participantLoad(profile, seasonTypeId, branch))),
      (error: unknown) =>
        current &&
        !shown &&
        setLoad({ kind: 'failed', text: error instanceof ApiError ? error.message : GENERIC_ERROR_MESSAGE }),
    );
    return () => {
      current = false;
    };
  }, [branch, seasonTypeId]);
  return load;
}

/**
 * Finds the caller's participant for the season type (query st) on the current branch. Without one the
 * visitor goes back to the profile (spec §2).
 */
export function ParticipantGate({
  seasonTypeId,
  children,
}: {
  seasonTypeId: number;
  children: (participant: ActiveParticipant) => ReactNode;
}) {
  const load = useActiveParticipant(seasonTypeId);
  if (load.kind === 'missing') return <Navigate to="/profile" replace />;
  if (load.kind === 'ready') return <>{children(load.participant)}</>;
  return (
    <Container maxWidth="lg" sx={{ py: 4 }}>
      {load.kind === 'loading' ? <LoadingState label="Loading" /> : <ErrorState text={load.text} />}
    </Container>
  );
}

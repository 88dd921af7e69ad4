import Container from '@mui/material/Container';
import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { useAppSelector } from '@/app/hooks';
import { ErrorState, LoadingState } from '@/components/ui/page-states';
import { ApiError, GENERIC_ERROR_MESSAGE } from '@/lib/api-client';
import type { Branch } from '@/lib/branch';
import { getProfile } from '../api/get-profile';
import type { ProfileSeason } from '../api/profile-types';
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

/** The caller's participant for the season type on the current branch, as it loads (GET /season/profile). */
export function useActiveParticipant(seasonTypeId: number): ParticipantLoad {
  const branch = useAppSelector((state) => state.auth.branch);
  const [load, setLoad] = useState<ParticipantLoad>({ kind: 'loading' });

  useEffect(() => {
    let current = true;
    // Loading already (the first run): the same state, so no render of the whole screen for nothing.
    setLoad((l) => (l.kind === 'loading' ? l : { kind: 'loading' }));
    getProfile(branch).then(
      (profile) => {
        if (!current) return;
        const found = Number.isInteger(seasonTypeId) ? pickParticipant(profile, seasonTypeId) : undefined;
        // A transition: the screen that waited for the participant renders in slices (see stash-browser).
        startTransition(() =>
          setLoad(
            found
              ? {
                  kind: 'ready',
                  participant: {
                    participantId: found.seasonParticipantId,
                    username: profile.username,
                    season: found.season,
                    branch,
                  },
                }
              : { kind: 'missing' },
          ),
        );
      },
      (error: unknown) =>
        current && setLoad({ kind: 'failed', text: error instanceof ApiError ? error.message : GENERIC_ERROR_MESSAGE }),
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

import { useEffect } from 'react';
import { Outlet, useOutletContext } from 'react-router-dom';
import { useAppDispatch } from '@/app/hooks';
import { profileActions } from '../profile-slice';
import { ParticipantGate, type ActiveParticipant } from './participant-gate';

/** Keeps notifications and incoming offers live while a trading post screen is open. */
function LiveTradePost({ participant }: { participant: ActiveParticipant }) {
  const dispatch = useAppDispatch();
  const { participantId, branch } = participant;
  useEffect(() => {
    dispatch(profileActions.tradePostOpened({ participantId, branch }));
    return () => {
      dispatch(profileActions.tradePostClosed());
    };
  }, [dispatch, participantId, branch]);
  return <Outlet context={participant} />;
}

/** The trading post's screens: trade seasons only (st=1); without a participant, back to the profile. */
export function TradeLayout() {
  return (
    <ParticipantGate seasonTypeId={1}>{(participant) => <LiveTradePost participant={participant} />}</ParticipantGate>
  );
}

export function useTradeParticipant(): ActiveParticipant {
  return useOutletContext<ActiveParticipant>();
}

import { useParams, useSearchParams } from 'react-router-dom';

/** seasons/{seasonId}/participant/{participantId}[/builds|/screenshots]?username=: the participant a page shows. */
export function useParticipantAddress() {
  const params = useParams();
  const username = useSearchParams()[0].get('username') ?? '';
  return { seasonId: Number(params.seasonId), participantId: Number(params.participantId), username };
}

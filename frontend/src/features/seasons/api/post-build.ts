import { apiClient } from '@/lib/api-client';
import type { CharacterBuild } from './season-types';

export type SaveBuildBody = Pick<
  CharacterBuild,
  'participantCharacterBuildId' | 'seasonParticipantId' | 'buildClass' | 'buildUrl' | 'buildDescription'
>;

/** POST /season/build: id 0 creates, any other id updates (owner only). */
export function postBuild(body: SaveBuildBody): Promise<CharacterBuild> {
  return apiClient.post<CharacterBuild>('/season/build', body);
}

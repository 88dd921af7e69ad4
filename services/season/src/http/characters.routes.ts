import { idParam, z } from '@league/contracts';
import { Api, type Authenticator } from '@league/platform';
import {
  characterData,
  characterName,
  deleteCharacter,
  getCharacter,
  listCharacters,
  questTag,
  questToken,
  saveCharacter,
  saveCharacterBody,
  type CharacterContext,
} from '../domain/characters';

const participantParams = z.object({ id: idParam });
const characterParams = z.object({ id: idParam, name: characterName });
const tokenParams = z.object({ id: idParam, token: questToken });
const branchOnly = z.object({ branch: z.enum(['prod', 'beta']).optional(), newPlayer: z.string().optional() });
const questTagBody = z
  .object({
    level: z.coerce.number().int().min(0).max(1000).default(0),
    currentDifficulty: z.coerce.number().int().min(0).max(2).optional(),
    maxDifficulty: z.coerce.number().int().min(0).max(2).optional(),
  })
  .default({});

/** The launcher's character calls (LAUNCHER-API.md §3) under P = Season/participant/{pid}, for the owner. */
export function charactersApi(c: CharacterContext, auth: Authenticator): Api {
  const tags = ['characters'];
  return new Api(auth)
    .route(
      {
        method: 'get',
        path: '/season/participant/:id/characters',
        summary: "The names of a participant's characters (owner or admin)",
        tags,
        auth: 'required',
        params: participantParams,
        query: branchOnly,
      },
      ({ params, user }) => listCharacters(c, params.id, user!),
    )
    .route(
      {
        method: 'get',
        path: '/season/participant/:id/character-data',
        summary: "The admin's Character Files data: characters and who killed them",
        tags: [...tags, 'admin'],
        auth: { roles: ['admin'] },
        params: participantParams,
      },
      ({ params, req }) => characterData(c, params.id, req.header('accept-language')),
    )
    .route(
      {
        method: 'post',
        path: '/season/participant/:id/character-state',
        summary: 'Records an uploaded character (the BFF sends it after storing the player.gdc)',
        tags,
        auth: 'required',
        params: participantParams,
        body: saveCharacterBody,
      },
      ({ params, body, user }) => saveCharacter(c, params.id, user!, body),
    )
    .route(
      {
        method: 'get',
        path: '/season/participant/:id/character/:name',
        summary: '{participantCharacterId, lastChecksum}; 204 when the character is unknown',
        tags,
        auth: 'required',
        params: characterParams,
        query: branchOnly,
      },
      async ({ params, user, res }) => {
        const found = await getCharacter(c, params.id, params.name, user!);
        if (!found) {
          res.status(204).end();
          return undefined;
        }
        return found;
      },
    )
    .route(
      {
        method: 'delete',
        path: '/season/participant/:id/character/:name',
        summary: 'Forgets a character (200 also when it was not there)',
        tags,
        auth: 'required',
        params: characterParams,
        query: branchOnly,
      },
      ({ params, user }) => deleteCharacter(c, params.id, params.name, user!),
    )
    .route(
      {
        method: 'post',
        path: '/season/participant/:id/quest-tag/:token',
        summary: 'A quest token (gdl_*) completes the challenge with that questTag',
        tags,
        auth: 'required',
        params: tokenParams,
        query: branchOnly,
        body: questTagBody,
      },
      ({ params, body, user }) => questTag(c.season, params.id, params.token, body.level, user!),
    );
}

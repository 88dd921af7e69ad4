import { pipeline } from 'node:stream/promises';
import { participantJoinedV1, z } from '@league/contracts';
import { Api, AppError, type AuthUser, type Authenticator } from '@league/platform';
import type { Request, Response } from 'express';
import type { ParticipantOwnerRepository } from '../data/participant-owner.repository';
import { addressOf, type CharacterFiles } from '../domain/character-files';

const ADMIN = { roles: ['admin'] };
const participant = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'letters, digits, _ and - only');
const participantParams = z.object({ participantId: participant });
const participantFileParams = z.object({ participantId: participant, file: z.string().min(1).max(64) });
const characterFileParams = participantFileParams.extend({ character: z.string().min(1).max(64) });
const characterParams = z.object({ participantId: participant, character: z.string().min(1).max(64) });
const difficultyQuery = z.object({ difficulty: z.string().max(16).optional() });
const characterFileSchema = z
  .object({
    character: z.string().nullable(),
    file: z.string(),
    difficulty: z.string().nullable(),
    size: z.number().int(),
    md5: z.string(),
    updatedAt: z.string().datetime(),
  })
  .openapi('CharacterFile');

const present = (f: {
  character: string | null;
  file: string;
  difficulty: string | null;
  size: number;
  md5: string;
  updatedAt: Date;
}) => ({
  character: f.character,
  file: f.file,
  difficulty: f.difficulty,
  size: f.size,
  md5: f.md5,
  updatedAt: f.updatedAt.toISOString(),
});

function rawBody(req: Request) {
  // A JSON or form body would already have been consumed by the parsers: only raw bytes are accepted.
  const type = req.headers['content-type'] ?? 'application/octet-stream';
  if (!/^application\/octet-stream/i.test(type)) {
    throw AppError.badRequest('Send the file as the raw body (Content-Type: application/octet-stream)');
  }
  return req;
}

async function sendRaw(res: Response, found: Awaited<ReturnType<CharacterFiles['get']>>) {
  if (!found) {
    res.status(204).end(); // the launcher reads 204 as "none"
    return;
  }
  res.status(200).set({
    'content-type': 'application/octet-stream',
    'content-length': String(found.file.size),
    'x-checksum': found.file.md5,
  });
  await pipeline(found.body, res);
}

/**
 * Character files: an admin's, and the participant owner's own (the launcher's calls through the BFF).
 * Who owns a participant comes from season's participant-joined events (the owners read model); without
 * that read model only admins pass. Read-your-writes (README "Read your own writes"): before it refuses a
 * player, it catches up with season's joins (`catchUp`, bounded) and looks again, so a participant the
 * player joined a moment ago through another client (the browser, then the launcher) is theirs at once.
 */
export function characterFilesApi(
  auth: Authenticator,
  files: CharacterFiles,
  owners?: ParticipantOwnerRepository,
  catchUp?: (topics: string[]) => Promise<unknown>,
): Api {
  const api = new Api(auth);
  const tags = ['character files'];
  const OWNER = 'required' as const;
  const mayAccess = async (participantId: string, user: AuthUser | undefined) => {
    if (!user) throw AppError.unauthorized();
    if (user.roles.includes('admin')) return;
    if (owners && (await owners.isOwner(participantId, user.username))) return;
    if (owners && catchUp) {
      await catchUp([participantJoinedV1.topic]);
      if (await owners.isOwner(participantId, user.username)) return;
    }
    throw AppError.forbidden(`Participant ${participantId}'s files are not yours`);
  };

  api.route(
    {
      method: 'get',
      path: '/file/participants/:participantId/character-files',
      summary: "A participant's stored character files with their MD5",
      tags,
      auth: ADMIN,
      params: participantParams,
      response: z.array(characterFileSchema),
    },
    async ({ params }) => (await files.list(params.participantId)).map(present),
  );

  api.route(
    {
      method: 'put',
      path: '/file/participants/:participantId/files/:file',
      summary: 'Stores a participant-level file (formulas, transmutes, tags, transfer stash)',
      tags,
      auth: OWNER,
      params: participantFileParams,
      response: characterFileSchema,
    },
    async ({ params, req, user }) => {
      await mayAccess(params.participantId, user);
      return present(await files.put(addressOf(params.participantId, null, params.file, undefined), rawBody(req)));
    },
  );

  api.route(
    {
      method: 'get',
      path: '/file/participants/:participantId/files/:file',
      summary: 'A participant-level file, raw (204 when none)',
      tags,
      auth: OWNER,
      params: participantFileParams,
    },
    async ({ params, res, user }) => {
      await mayAccess(params.participantId, user);
      return sendRaw(res, await files.get(addressOf(params.participantId, null, params.file, undefined)));
    },
  );

  api.route(
    {
      method: 'put',
      path: '/file/participants/:participantId/characters/:character/files/:file',
      summary: 'Stores a character file (player.gdc; quests.gdd, conversations.gdd, map.fow with ?difficulty)',
      tags,
      auth: OWNER,
      params: characterFileParams,
      query: difficultyQuery,
      response: characterFileSchema,
    },
    async ({ params, query, req, user }) => {
      await mayAccess(params.participantId, user);
      return present(
        await files.put(addressOf(params.participantId, params.character, params.file, query.difficulty), rawBody(req)),
      );
    },
  );

  api.route(
    {
      method: 'get',
      path: '/file/participants/:participantId/characters/:character/files/:file',
      summary: 'A character file, raw (204 when none)',
      tags,
      auth: OWNER,
      params: characterFileParams,
      query: difficultyQuery,
    },
    async ({ params, query, res, user }) => {
      await mayAccess(params.participantId, user);
      return sendRaw(
        res,
        await files.get(addressOf(params.participantId, params.character, params.file, query.difficulty)),
      );
    },
  );

  api.route(
    {
      method: 'get',
      path: '/file/participants/:participantId/characters/:character/folder',
      summary: "A character's folder as a zip, streamed (204 when the character has no file)",
      tags,
      auth: ADMIN,
      params: characterParams,
    },
    async ({ params, res }) => {
      const zip = await files.folder(params.participantId, params.character);
      if (!zip) {
        res.status(204).end();
        return;
      }
      const name = params.character.replace(/[^A-Za-z0-9_-]/g, '_');
      res
        .status(200)
        .set({ 'content-type': 'application/zip', 'content-disposition': `attachment; filename="${name}.zip"` });
      await pipeline(zip, res);
    },
  );

  return api;
}

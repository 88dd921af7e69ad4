import {
  baseGameSizesSchema,
  branchQuerySchema,
  branchRegionQuerySchema,
  branchSchema,
  downloadSchema,
  fileKindSchema,
  fileListQuerySchema,
  fileListSchema,
  fileNameParamsSchema,
  fileRecordSchema,
  finaliseStatusSchema,
  gameDataLanguagesSchema,
  gameDataStatusSchema,
  launcherHubFileSchema,
  leagueHubFileSchema,
  modFileSchema,
  uploadIdParamsSchema,
  uploadQuerySchema,
  z,
} from '@league/contracts';
import { Api, AppError, type Authenticator } from '@league/platform';
import type { FileCatalogue } from '../domain/catalogue';
import type { BetaFinalisation } from '../domain/finalise-beta';
import type { GameDataPublisher } from '../domain/game-data';
import { baseGameMatches, hasAllowedExtension, readableBranch, type Branch } from '../domain/rules';
import type { Uploads } from '../domain/uploads';
import { closeAfterAnswer, readSingleFileUpload } from './multipart';

export interface FilesRoutesDeps {
  auth: Authenticator;
  catalogue: FileCatalogue;
  uploads: Uploads;
  finalisation: BetaFinalisation;
  gameData: GameDataPublisher;
  maxUploadBytes: number;
  baseGame: Record<Branch, { sizes: Array<{ filename: string; filesize: number }>; version: string }>;
}

const ADMIN = { roles: ['admin'] };
// Multipart framing and the small fields around the file.
const MULTIPART_OVERHEAD = 64 * 1024;

export function filesApi(d: FilesRoutesDeps): Api {
  const api = new Api(d.auth);
  const tags = ['files'];

  api.route(
    {
      method: 'get',
      path: '/file/filenames',
      summary: "A branch's mod files and launcher file, with presigned download URLs",
      tags,
      auth: 'optional',
      query: fileListQuerySchema,
      response: fileListSchema,
    },
    ({ query, user }) => d.catalogue.list(readableBranch(query.branch, user), query.region),
  );

  api.route(
    {
      method: 'get',
      path: '/file/preload',
      summary: "The About page's pre-load list: mod files minus the configured core files",
      tags,
      auth: 'optional',
      query: branchRegionQuerySchema,
      response: z.array(modFileSchema),
    },
    ({ query, user }) => d.catalogue.preload(readableBranch(query.branch, user), query.region),
  );

  api.route(
    {
      method: 'get',
      path: '/file/launcher',
      summary: 'The launcher download',
      tags,
      auth: 'optional',
      query: branchRegionQuerySchema,
      response: downloadSchema,
    },
    async ({ query, user }) => ({
      downloadUrl: await d.catalogue.launcherDownload(readableBranch(query.branch, user), query.region),
    }),
  );

  api.route(
    {
      method: 'get',
      path: '/file/launcher-file',
      summary: "The launcher hub's GetLauncherFile data (204 when there is no launcher)",
      tags,
      auth: 'required',
      query: branchRegionQuerySchema,
      response: launcherHubFileSchema,
    },
    async ({ query, user }) => d.catalogue.launcherHubFile(readableBranch(query.branch, user), query.region),
  );

  api.route(
    {
      method: 'get',
      path: '/file/league-files',
      summary: "The launcher hub's GetLeagueFiles data",
      tags,
      auth: 'required',
      query: branchRegionQuerySchema,
      response: z.array(leagueHubFileSchema),
    },
    ({ query, user }) => d.catalogue.leagueHubFiles(readableBranch(query.branch, user), query.region),
  );

  api.route(
    {
      method: 'post',
      path: '/file/base-game/file-sizes',
      summary: "Checks the launcher's base-game database sizes; 400 with the required game version as text",
      tags,
      auth: 'required',
      query: branchQuerySchema,
      body: baseGameSizesSchema,
    },
    ({ query, body, user, res }) => {
      // Beta's game version is beta's business: a player checking beta is checked against prod.
      const required = d.baseGame[readableBranch(query.branch, user)];
      if (baseGameMatches(body, required.sizes)) return { ok: true };
      // The launcher shows this body to the player as the game version to install.
      res.status(400).type('text/plain').send(required.version);
      return undefined;
    },
  );

  api.route(
    {
      method: 'get',
      path: '/file/finalize-beta/status',
      summary: 'The beta finalisation: idle, processing, success or error',
      tags,
      auth: ADMIN,
      response: finaliseStatusSchema,
    },
    () => d.finalisation.status(),
  );

  api.route(
    {
      method: 'post',
      path: '/file/finalize-beta',
      summary: "Promotes beta's ready files to prod (one run at a time; asking again returns the running one)",
      tags,
      auth: ADMIN,
      response: finaliseStatusSchema,
    },
    () => d.finalisation.request(),
  );

  api.route(
    {
      method: 'get',
      path: '/file/game-data/languages',
      summary: 'The languages the published game data of a branch has names in (English always first)',
      tags,
      auth: 'optional',
      query: branchQuerySchema,
      response: gameDataLanguagesSchema,
    },
    async ({ query, user }) => ({ languages: await d.gameData.languages(readableBranch(query.branch, user)) }),
  );

  api.route(
    {
      method: 'get',
      path: '/file/game-data',
      summary:
        "Admin: each branch's published game data (records, items, affixes, creatures, languages, when) and its last extraction with its errors",
      tags,
      auth: ADMIN,
      response: gameDataStatusSchema,
    },
    async () => ({ branches: await d.gameData.status() }),
  );

  api.route(
    {
      method: 'get',
      path: '/file/uploads/:id',
      summary: 'An upload and its processing outcome',
      tags,
      auth: ADMIN,
      params: uploadIdParamsSchema,
      response: fileRecordSchema,
    },
    ({ params }) => d.uploads.record(params.id),
  );

  api.route(
    {
      method: 'post',
      path: '/file',
      summary: 'Uploads a mod or launcher file (multipart: file, fileName, modName, version, branch)',
      tags,
      auth: ADMIN,
      query: uploadQuerySchema,
      response: fileRecordSchema,
    },
    async ({ query, user, req, res }) => {
      if (!/^multipart\/form-data/i.test(req.headers['content-type'] ?? '')) {
        throw AppError.badRequest('The upload must be multipart/form-data');
      }
      const declared = Number(req.headers['content-length'] ?? NaN);
      if (declared > d.maxUploadBytes + MULTIPART_OVERHEAD) {
        closeAfterAnswer(req, res);
        throw AppError.payloadTooLarge(`The file is larger than the ${d.maxUploadBytes}-byte upload limit`);
      }
      const id = d.uploads.newId();
      const explicitBranch = 'branch' in req.query;
      let branch: Branch = query.branch;
      try {
        const upload = await readSingleFileUpload(
          req,
          (fields, partName) => {
            if (!explicitBranch && fields.branch !== undefined)
              branch = parseField(branchSchema, fields.branch, 'branch');
            const name = fields.fileName ?? fields.filename ?? partName;
            if (!hasAllowedExtension(name)) {
              throw AppError.badRequest(`Only .arc, .arz and .zip files can be uploaded, not '${name}'`);
            }
          },
          (stream) => d.uploads.receive(id, branch, stream),
        );
        const f = upload.fields;
        if (f.branch !== undefined && parseField(branchSchema, f.branch, 'branch') !== branch) {
          await d.uploads.discard(d.uploads.bucketFor(branch), d.uploads.objectKey(id));
          throw AppError.badRequest('The branch field disagrees with the branch the file was sent to');
        }
        const registered = await d.uploads.register(
          {
            id,
            rawName: f.fileName ?? f.filename ?? upload.fileName,
            branch,
            kind: f.kind !== undefined ? parseField(fileKindSchema, f.kind, 'kind') : query.kind,
            modName: query.modName ?? f.modName,
            version: query.version || f.version,
            uploadedBy: user!.username,
          },
          upload.stored,
        );
        return await d.uploads.outcome(registered._id);
      } catch (err) {
        if (err instanceof AppError && err.status === 413) closeAfterAnswer(req, res);
        else req.resume();
        throw err;
      }
    },
  );

  api.route(
    {
      method: 'get',
      path: '/file/:name',
      summary: 'A mod (or launcher) file download by name',
      tags,
      auth: 'optional',
      params: fileNameParamsSchema,
      query: branchRegionQuerySchema,
      response: downloadSchema,
    },
    async ({ params, query, user }) => ({
      downloadUrl: await d.catalogue.modDownload(readableBranch(query.branch, user), query.region, params.name),
    }),
  );

  return api;
}

function parseField<T extends z.ZodTypeAny>(schema: T, value: string, name: string): z.infer<T> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw AppError.badRequest(`Invalid field ${name}: '${value}'`);
  return parsed.data;
}

import { createHash } from 'node:crypto';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import { FormatError, launcherCharacterInfo, readPlayer, readStash, readTagsFile, writeStash } from '@league/gamefiles';
import type { Logger } from '@league/platform';
import { MultipartError, parseMultipart, type Part } from './multipart';
import { planSharedStash, type QueuedItem } from './shared-stash';
import { call, forwardHeaders, relay, type LauncherUpstreams, type Upstream } from './upstream';

const MAX_UPLOAD = 20 * 1024 * 1024;
const DIFFICULTIES = ['Normal', 'Elite', 'Ultimate'];
const DIFFICULTY_FILES: Record<string, string> = {
  questfile: 'quests.gdd',
  conversationsfile: 'conversations.gdd',
  mapfowfile: 'map.fow',
};
const PARTICIPANT_FILES: Record<string, string> = {
  formulasfile: 'formulas',
  transmutesfile: 'transmutes',
  tagsfile: 'tags',
};

class BadInput extends Error {}

const param = (req: Request, name: string): string => {
  const v = (req.params as Record<string, string | string[] | undefined>)[name];
  return Array.isArray(v) ? v.join('/') : (v ?? '');
};

const md5 = (b: Buffer) => createHash('md5').update(b).digest('hex').toUpperCase();
const bad = (res: Response, message: string) => res.status(400).json({ message });

/**
 * The launcher's composed REST calls (LAUNCHER-API.md §3) that need more than one service: uploads are
 * checked with @league/gamefiles, stored raw in the files service (owner access) and recorded in season.
 * Every other launcher path goes through the proxy's route table to its owner.
 */
export function mountLauncherRoutes(app: Express, upstreams: LauncherUpstreams, logger: Logger) {
  const raw = express.raw({ type: () => true, limit: MAX_UPLOAD });
  const P = '/api/season/participant/:pid';
  const filesUrl = (pid: string, rest: string) =>
    `${upstreams.files}/file/participants/${encodeURIComponent(pid)}/${rest}`;
  const charFile = (pid: string, name: string, file: string, difficulty?: string) =>
    filesUrl(
      pid,
      `characters/${encodeURIComponent(name)}/files/${file}${difficulty ? `?difficulty=${difficulty}` : ''}`,
    );

  const wrap =
    (fn: (req: Request, res: Response) => Promise<void>) => (req: Request, res: Response, next: NextFunction) => {
      fn(req, res).catch((err: unknown) => {
        if (err instanceof BadInput || err instanceof MultipartError || err instanceof FormatError) {
          if (!res.headersSent) bad(res, err.message);
          return;
        }
        if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'TypeError')) {
          logger.warn({ err }, 'launcher upstream unavailable');
          if (!res.headersSent) res.status(502).json({ message: 'A service is unavailable; try again shortly' });
          return;
        }
        next(err);
      });
    };

  const partsOf = (req: Request): Part[] => {
    if (!Buffer.isBuffer(req.body) || req.body.length === 0)
      throw new BadInput('Send a multipart upload with a file part');
    return parseMultipart(req.body, req.headers['content-type']);
  };
  const filePart = (parts: Part[]) => {
    const f = parts.find((p) => p.name === 'file');
    if (!f || f.data.length === 0) throw new BadInput("The upload needs a non-empty part named 'file'");
    return f;
  };
  const needAuth = (req: Request, res: Response) => {
    if (typeof req.headers.authorization !== 'string') {
      res.status(401).json({ message: 'Authentication required' });
      return false;
    }
    return true;
  };
  /** Season's owner check on the participant (401/403/404 come back as they are). */
  const ownerCheck = (req: Request, res: Response) =>
    call(`${upstreams.season}/season/participant/${encodeURIComponent(param(req, 'pid'))}/characters`, {
      headers: forwardHeaders(req, res),
    });
  /**
   * Stores a raw file in the files service. Its owners read model follows season's events; a participant
   * joined a moment ago is found there by the service's own catch-up (README "Read your own writes").
   */
  const putFile = (req: Request, res: Response, url: string, body: Buffer): Promise<Upstream> =>
    call(url, {
      method: 'PUT',
      headers: { ...forwardHeaders(req, res), 'content-type': 'application/octet-stream' },
      body,
      for: { req, res },
    });
  const getFile = (req: Request, res: Response, url: string): Promise<Upstream> =>
    call(url, { headers: forwardHeaders(req, res) });
  const sendRaw = (res: Response, up: Upstream) => {
    if (up.status === 200 && up.body.length > 0) {
      res.status(200).type('application/octet-stream').send(up.body);
      return;
    }
    if (up.status === 200 || up.status === 204) {
      res.status(204).end();
      return;
    }
    relay(res, up);
  };
  const okOrRelay = (res: Response, up: Upstream) => {
    if (up.status === 200) res.status(200).json({});
    else relay(res, up);
  };

  // The launcher's Season/profile (capitalised, as it writes it): 204 when the player has no participant
  // on the branch. The site's own lower-case /api/season/profile keeps its 200 with an empty list.
  app.get('/api/season/profile', (req, res, next) => {
    if (!req.originalUrl.startsWith('/api/Season/')) return next();
    wrap(async () => {
      const search = new URL(req.url, 'http://x').search;
      const up = await call(`${upstreams.season}/season/profile${search}`, { headers: forwardHeaders(req, res) });
      const body = up.status === 200 ? up.json<{ seasonParticipants?: unknown[] }>() : undefined;
      if (body && Array.isArray(body.seasonParticipants) && body.seasonParticipants.length === 0) {
        res.status(204).end();
        return;
      }
      relay(res, up);
    })(req, res, next);
  });

  // POST P/character: multipart `character` (JSON) + `file` (player.gdc).
  app.post(
    `${P}/character`,
    raw,
    wrap(async (req, res) => {
      if (!needAuth(req, res)) return;
      const parts = partsOf(req);
      const file = filePart(parts);
      const player = readPlayer(file.data);
      const fromFile = launcherCharacterInfo(player);
      const jsonPart = parts.find((p) => p.name === 'character');
      let sent: { characterData?: { characterInfo?: Record<string, unknown>; questInfo?: unknown } } = {};
      if (jsonPart) {
        try {
          sent = (JSON.parse(jsonPart.data.toString('utf8')) ?? {}) as typeof sent;
        } catch {
          throw new BadInput("The 'character' part is not JSON");
        }
      }
      const given = sent.characterData?.characterInfo ?? {};
      if (typeof given.name === 'string' && given.name && given.name !== fromFile.name) {
        throw new BadInput(`The character '${given.name}' does not match the save's name '${fromFile.name}'`);
      }
      // The JSON wins where it says something; the save fills the rest.
      const characterInfo: Record<string, unknown> = { ...fromFile };
      for (const [k, v] of Object.entries(given)) if (v !== null && v !== undefined && v !== '') characterInfo[k] = v;
      characterInfo.name = fromFile.name;
      const questInfo =
        sent.characterData?.questInfo && typeof sent.characterData.questInfo === 'object'
          ? sent.characterData.questInfo
          : {};

      const owner = await ownerCheck(req, res);
      if (owner.status !== 200) return relay(res, owner);
      const stored = await putFile(req, res, charFile(param(req, 'pid'), fromFile.name, 'player.gdc'), file.data);
      if (stored.status !== 200) return relay(res, stored);
      const saved = await call(
        `${upstreams.season}/season/participant/${encodeURIComponent(param(req, 'pid'))}/character-state`,
        {
          method: 'POST',
          headers: { ...forwardHeaders(req, res), 'content-type': 'application/json' },
          body: JSON.stringify({ characterInfo, questInfo, checksum: md5(file.data) }),
          for: { req, res },
        },
      );
      if (saved.status !== 200) return relay(res, saved);
      const out = saved.json<{ participantCharacterId: number }>();
      res.status(200).json({ participantCharacterId: out?.participantCharacterId ?? 0 });
    }),
  );

  // GET P/character/{name}/file: the raw player.gdc; 204 none.
  app.get(
    `${P}/character/:name/file`,
    wrap(async (req, res) => {
      if (!needAuth(req, res)) return;
      sendRaw(res, await getFile(req, res, charFile(param(req, 'pid'), param(req, 'name'), 'player.gdc')));
    }),
  );

  // GET/POST P/character/{name}/(quest|conversations|mapfow)file/{D}
  app.get(
    `${P}/character/:name/:kind/:difficulty`,
    (req, _res, next) => (DIFFICULTY_FILES[param(req, 'kind').toLowerCase()] ? next() : next('route')),
    wrap(async (req, res) => {
      const file = DIFFICULTY_FILES[param(req, 'kind').toLowerCase()]!;
      const d = DIFFICULTIES.find((x) => x.toLowerCase() === param(req, 'difficulty').toLowerCase());
      if (!d) throw new BadInput('The difficulty is Normal, Elite or Ultimate');
      if (!needAuth(req, res)) return;
      sendRaw(res, await getFile(req, res, charFile(param(req, 'pid'), param(req, 'name'), file, d)));
    }),
  );
  app.post(
    `${P}/character/:name/:kind/:difficulty`,
    (req, _res, next) => (DIFFICULTY_FILES[param(req, 'kind').toLowerCase()] ? next() : next('route')),
    raw,
    wrap(async (req, res) => {
      const file = DIFFICULTY_FILES[param(req, 'kind').toLowerCase()]!;
      const d = DIFFICULTIES.find((x) => x.toLowerCase() === param(req, 'difficulty').toLowerCase());
      if (!d) throw new BadInput('The difficulty is Normal, Elite or Ultimate');
      if (!needAuth(req, res)) return;
      const data = filePart(partsOf(req)).data;
      const owner = await ownerCheck(req, res);
      if (owner.status !== 200) return relay(res, owner);
      okOrRelay(res, await putFile(req, res, charFile(param(req, 'pid'), param(req, 'name'), file, d), data));
    }),
  );

  // Shared stash: GET {lastChecksum, cloudStashCapacity} (204 = no limit), POST multipart, GET file.
  const stashFile = async (req: Request, res: Response): Promise<Upstream> => {
    const gst = await getFile(req, res, filesUrl(param(req, 'pid'), 'files/transfer.gst'));
    if (gst.status !== 204) return gst;
    return getFile(req, res, filesUrl(param(req, 'pid'), 'files/transfer.gsh'));
  };
  app.get(
    `${P}/shared-stash`,
    wrap(async (req, res) => {
      if (!needAuth(req, res)) return;
      const owner = await ownerCheck(req, res);
      if (owner.status !== 200) return relay(res, owner);
      const [file, page] = await Promise.all([
        stashFile(req, res),
        call(`${upstreams.season}/season/participant/${encodeURIComponent(param(req, 'pid'))}/stash?pageSize=1`, {
          headers: forwardHeaders(req, res),
        }),
      ]);
      if (file.status !== 200 && file.status !== 204) return relay(res, file);
      const capacity = page.status === 200 ? (page.json<{ capacity?: number }>()?.capacity ?? 0) : 0;
      if (!capacity) return void res.status(204).end();
      res.status(200).json({ lastChecksum: file.status === 200 ? md5(file.body) : '', cloudStashCapacity: capacity });
    }),
  );
  app.get(
    `${P}/shared-stash/file`,
    wrap(async (req, res) => {
      if (!needAuth(req, res)) return;
      sendRaw(res, await stashFile(req, res));
    }),
  );
  // POST P/shared-stash: the upload flow (README "Shared-stash upload"): read → queue → place (pure) → tab 6 to
  // the cloud → store the rewritten file → pull the placed ids. Every write comes after every check.
  app.post(
    `${P}/shared-stash`,
    raw,
    wrap(async (req, res) => {
      if (!needAuth(req, res)) return;
      const f = filePart(partsOf(req));
      const uploaded = readStash(f.data); // refuses anything that is not a valid transfer stash
      const name = /\.gsh$/i.test(f.filename ?? '') ? 'transfer.gsh' : 'transfer.gst';
      const owner = await ownerCheck(req, res);
      if (owner.status !== 200) return relay(res, owner);
      const pid = encodeURIComponent(param(req, 'pid'));
      const search = new URL(req.url, 'http://x').search;
      const seasonUrl = (rest: string) => `${upstreams.season}/season/participant/${pid}/${rest}${search}`;
      const json = { ...forwardHeaders(req, res), 'content-type': 'application/json' };

      const queue = await call(seasonUrl('transfer-queue'), { headers: forwardHeaders(req, res) });
      if (queue.status !== 200) return relay(res, queue);
      const queued = queue.json<QueuedItem[]>() ?? [];
      const plan = planSharedStash(uploaded, queued);

      if (plan.uploaded.length > 0) {
        const sent = await call(seasonUrl('stash'), {
          method: 'POST',
          // Season records which door each copy came through (its admins see it on a suspected duplicate).
          headers: { ...json, 'x-upload-channel': 'shared-stash' },
          body: JSON.stringify(plan.uploaded),
          for: { req, res },
        });
        if (sent.status !== 200) return relay(res, sent); // 400 = cloud stash full: nothing stored, nothing dropped
      }
      const file = plan.changed ? Buffer.from(writeStash(plan.stash)) : f.data;
      const stored = await putFile(req, res, filesUrl(param(req, 'pid'), `files/${name}`), file);
      if (stored.status !== 200) return relay(res, stored);
      if (plan.pull.length > 0) {
        const pulled = await call(seasonUrl('pull-items'), {
          method: 'POST',
          headers: json,
          body: JSON.stringify(plan.pull),
          for: { req, res },
        });
        if (pulled.status !== 200) return relay(res, pulled);
      }
      res.status(200).json({});
    }),
  );

  // GET/POST P/formulasfile, P/transmutesfile, P/tagsfile (.gst softcore / .gsh hardcore).
  app.get(
    `${P}/:kind`,
    (req, res, next) => (PARTICIPANT_FILES[param(req, 'kind').toLowerCase()] ? next() : next('route')),
    wrap(async (req, res) => {
      if (!needAuth(req, res)) return;
      const base = PARTICIPANT_FILES[param(req, 'kind').toLowerCase()]!;
      const gst = await getFile(req, res, filesUrl(param(req, 'pid'), `files/${base}.gst`));
      sendRaw(
        res,
        gst.status === 204 ? await getFile(req, res, filesUrl(param(req, 'pid'), `files/${base}.gsh`)) : gst,
      );
    }),
  );
  app.post(
    `${P}/:kind`,
    (req, res, next) => (PARTICIPANT_FILES[param(req, 'kind').toLowerCase()] ? next() : next('route')),
    raw,
    wrap(async (req, res) => {
      if (!needAuth(req, res)) return;
      const base = PARTICIPANT_FILES[param(req, 'kind').toLowerCase()]!;
      const f = filePart(partsOf(req));
      if (base === 'tags') readTagsFile(f.data);
      const name = `${base}.${/\.gsh$/i.test(f.filename ?? '') ? 'gsh' : 'gst'}`;
      const owner = await ownerCheck(req, res);
      if (owner.status !== 200) return relay(res, owner);
      okOrRelay(res, await putFile(req, res, filesUrl(param(req, 'pid'), `files/${name}`), f.data));
    }),
  );
}

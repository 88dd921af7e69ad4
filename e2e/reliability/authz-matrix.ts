import { fixture, multipart } from './support';

/**
 * The authorisation matrix: every operation the BFF serves under /api, with who may call it. The test
 * (authz-matrix.test.ts) builds the list of operations from the merged OpenAPI document the BFF publishes
 * (GET /api/openapi.json, every service's paths that the route table sends to it) plus the BFF's own
 * launcher routes (bff/src/launcher/routes.ts, which the document does not describe), and fails when an
 * operation has no entry here or an entry names an operation that no longer exists.
 *
 * Classes:
 * - public: anyone; an anonymous caller is never refused with 401/403 (optional-auth reads are public).
 * - user: any signed-in user; anonymous → 401.
 * - owner: a player's own resource; anonymous → 401, another player → 403. Every owner route of this
 *   league answers 403 to another player: the participants, stashes, listings, builds and screenshots
 *   are public knowledge (ladders, the trading post, build pages), so hiding their existence behind a
 *   404 would hide nothing; `other: 404` exists for a route that must, and no route uses it today.
 * - admin: anonymous → 401, a player → 403.
 *
 * Placeholders in paths and bodies, filled from the demo league at run time: {p1} player1's participant
 * in the trade season (the resource owner), {p2} player2's (the other player), {season} that season,
 * {item} a stash item of player1, {listing} a trade listing of player1, {build} / {shot} a build and a
 * screenshot player1 made for the run, {search} a saved search of player1, {catalogueItem} an item of the
 * catalogue, {uuid} a random upload id, {ticket} a well-formed chat ticket nobody was issued.
 */

export type Access = 'public' | 'user' | 'owner' | 'admin';

export interface Ids {
  p1: number;
  p2: number;
  season: number;
  item: number;
  listing: number;
  build: number;
  shot: number;
  search: number;
  catalogueItem: number;
  uuid: string;
  ticket: string;
}

export interface Entry {
  access: Access;
  /** The request path (placeholders allowed); the operation's own path when it has no parameters. */
  path?: string;
  /** A plausible body: one that would pass validation, so the refusal is about who asks. */
  body?: (ids: Ids) => unknown;
  /** Raw or multipart bytes instead of JSON. */
  upload?: () => { data: Buffer; contentType: string };
  /** What another player gets on an owner route (403 unless the route hides existence: 404). */
  other?: 403 | 404;
  /**
   * Whether the permitted caller (the owner, any player, the admin, or anyone for public) is sent the
   * request too, to show the class is not stricter than it says: GETs only by default (a write by the
   * permitted caller would change the league).
   */
  probe?: boolean;
  /** Statuses the permitted caller may get besides 2xx/4xx-other-than-401/403 (e.g. 503 not configured). */
  probeAlso?: number[];
  /** Why the OpenAPI document's security says otherwise, where it does. */
  docDiffers?: string;
  note?: string;
}

const q = '?branch=prod';
const launcherItem = {
  name: 'records/items/gearweapons/guns2h/a11_gun2h01.dbr',
  prefix: '',
  suffix: '',
  modifier: '',
  illusion: '',
  component: '',
  completion: '',
  augment: '',
  itemSeed: 4242,
  componentSeed: 0,
  augmentSeed: 0,
  stackCount: 1,
};
const saveUpload = () => multipart([{ name: 'file', filename: 'player.gdc', data: fixture('player.gdc') }]);
const stashUpload = () => multipart([{ name: 'file', filename: 'transfer.gst', data: fixture('transfer.gst') }]);
const bytesUpload = () => multipart([{ name: 'file', filename: 'formulas.gst', data: Buffer.from('e2e-bytes') }]);
const octets = () => ({ data: Buffer.from('e2e-bytes'), contentType: 'application/octet-stream' });
const ticketNote = 'the chat ticket in the path is the credential (issued by GET /chat/url); a forged one → 401';

export const MATRIX: Record<string, Entry> = {
  // ── account ──────────────────────────────────────────────────────────────────────────────────────
  'POST /account/register-user': { access: 'public', body: () => ({}) },
  'POST /account/login': { access: 'public', body: () => ({}) },
  'POST /account/admin-login': { access: 'public', body: () => ({}) },
  'POST /account/refresh-token': { access: 'public', body: () => ({}) },
  'POST /account/logout': { access: 'public', body: () => ({}) },
  'POST /account/forgot-password': { access: 'public', body: () => ({}) },
  'GET /account/request-token': { access: 'public' },
  'POST /account/change-password': { access: 'public', body: () => ({}), note: 'proves the old password itself' },
  'GET /account/check-username': { access: 'public', path: '/account/check-username?username=player1' },
  'GET /account/patreon-authorize-url': { access: 'user', probeAlso: [503], note: '503 when Patreon is not set up' },
  'POST /account/connect-patreon': { access: 'user', path: '/account/connect-patreon?code=x&state=y' },
  'GET /account/status': { access: 'public' },
  // ── user ─────────────────────────────────────────────────────────────────────────────────────────
  'GET /user/active': { access: 'user' },
  'GET /user/{name}/socials': { access: 'public', path: '/user/player1/socials' },
  'POST /user/socials': {
    access: 'owner',
    body: () => ({ username: 'player1', twitchUrl: 'https://www.twitch.tv/e2e-intruder', youtubeUrl: '' }),
    note: 'the owner is named in the body',
  },
  'GET /user/{name}/roles': { access: 'owner', path: '/user/player1/roles' },
  'POST /user/{name}/add-supporter': { access: 'admin', path: '/user/player1/add-supporter' },
  'POST /user/{name}/revoke-supporter': { access: 'admin', path: '/user/player1/revoke-supporter' },
  'GET /admin/supporters': { access: 'public', note: 'the spec: anonymous visitors browse the supporters' },
  // ── season: stash ────────────────────────────────────────────────────────────────────────────────
  'POST /season/participant/{id}/stash': {
    access: 'owner',
    path: `/season/participant/{p1}/stash${q}`,
    body: () => [launcherItem],
  },
  'GET /season/participant/{id}/stash': { access: 'owner', path: `/season/participant/{p1}/stash${q}` },
  'GET /season/participant/{id}/transfer-queue': {
    access: 'owner',
    path: `/season/participant/{p1}/transfer-queue${q}`,
  },
  'POST /season/participant/{id}/pull-items': {
    access: 'owner',
    path: `/season/participant/{p1}/pull-items${q}`,
    body: (ids) => [ids.item],
  },
  'GET /season/participant/{id}/trade-currencies': {
    access: 'owner',
    path: `/season/participant/{p1}/trade-currencies${q}`,
  },
  'POST /season/participant/{id}/toggle-transfer/{itemId}': {
    access: 'owner',
    path: `/season/participant/{p1}/toggle-transfer/{item}${q}`,
  },
  'GET /season/stash-item/{id}/stats': { access: 'owner', path: '/season/stash-item/{item}/stats' },
  'GET /season/season-participant/{id}/export-cloud-stash': {
    access: 'owner',
    path: `/season/season-participant/{p1}/export-cloud-stash${q}`,
  },
  // ── season: characters ───────────────────────────────────────────────────────────────────────────
  'GET /season/participant/{id}/characters': { access: 'owner', path: '/season/participant/{p1}/characters' },
  'GET /season/participant/{id}/character-data': {
    access: 'admin',
    path: '/season/participant/{p1}/character-data',
  },
  'POST /season/participant/{id}/character-state': {
    access: 'owner',
    path: '/season/participant/{p1}/character-state',
    body: () => ({
      characterInfo: { name: 'Impostor', level: 1, hardcore: false },
      questInfo: null,
      checksum: '0'.repeat(32),
    }),
  },
  'GET /season/participant/{id}/character/{name}': {
    access: 'owner',
    path: '/season/participant/{p1}/character/Impostor',
  },
  'DELETE /season/participant/{id}/character/{name}': {
    access: 'owner',
    path: '/season/participant/{p1}/character/Impostor',
  },
  'POST /season/participant/{id}/quest-tag/{token}': {
    access: 'owner',
    path: '/season/participant/{p1}/quest-tag/gdl_s07_c01',
  },
  // ── season: catalogue (public reads, admin writes) ───────────────────────────────────────────────
  'GET /season/{id}/death-analytics': { access: 'public', path: '/season/{season}/death-analytics' },
  'GET /season/items': { access: 'public' },
  'GET /season/item/{id}': { access: 'public', path: '/season/item/{catalogueItem}' },
  'GET /season/item/{id}/stats': { access: 'public', path: '/season/item/{catalogueItem}/stats' },
  'GET /season/encounters': { access: 'public' },
  'GET /season/monsters': { access: 'public' },
  'GET /season/monster/{id}': { access: 'public', path: '/season/monster/1' },
  'GET /season/boundless-mutators': { access: 'public' },
  'GET /season/item-filters': { access: 'public' },
  'POST /admin/item': { access: 'admin', body: () => ({ itemId: 0, name: 'e2e-intruder' }) },
  'DELETE /admin/item/{id}': { access: 'admin', path: '/admin/item/{catalogueItem}' },
  'POST /admin/encounter': { access: 'admin', body: () => ({}) },
  'DELETE /admin/encounter/{id}': { access: 'admin', path: '/admin/encounter/1' },
  'POST /admin/monster': { access: 'admin', body: () => ({}) },
  'DELETE /admin/monster/{id}': { access: 'admin', path: '/admin/monster/1' },
  'POST /admin/node': { access: 'admin', body: () => ({}) },
  'DELETE /admin/node/{id}': { access: 'admin', path: '/admin/node/1' },
  // ── season: suspected duplicates (issue 29) ───────────────────────────────────────────────────────
  'GET /admin/duplicates': { access: 'admin' },
  'POST /admin/duplicates/{id}/release': { access: 'admin', path: '/admin/duplicates/{item}/release' },
  'POST /admin/duplicates/{id}/remove': { access: 'admin', path: '/admin/duplicates/{item}/remove' },
  // ── season: seasons, ladders, builds, screenshots ────────────────────────────────────────────────
  'POST /season/add-participant/{id}': {
    access: 'user',
    path: '/season/add-participant/{season}',
    note: 'joins the caller; there is nobody else to act for',
  },
  'POST /season/{id}/add-participant/{username}': {
    access: 'owner',
    path: '/season/{season}/add-participant/player1',
    note: 'only yourself (admins may add anyone)',
  },
  'GET /season/profile': { access: 'user', path: `/season/profile${q}` },
  'GET /season/{id}/participant-challenges': {
    access: 'public',
    path: '/season/{season}/participant-challenges?participantId={p1}',
    note: "anyone's with ?participantId= (the ladder's detail); without it the caller's own, so 401 anonymous",
  },
  'POST /season/{id}/participant-challenges': {
    access: 'admin',
    path: '/season/{season}/participant-challenges',
    body: () => [],
  },
  'GET /season/{id}/participant-challenges/{participantId}': {
    access: 'public',
    path: '/season/{season}/participant-challenges/{p1}',
  },
  'GET /season/participant/{id}/standing': {
    access: 'public',
    path: '/season/participant/{p1}/standing',
    note: "the launcher's standing of a participant: public like the ladder it is part of",
  },
  'GET /season/{id}/leaderboard': { access: 'public', path: '/season/{season}/leaderboard' },
  'GET /season/{id}/kill-tracker': { access: 'public', path: '/season/{season}/kill-tracker' },
  'GET /season/{id}/builds': { access: 'public', path: '/season/{season}/builds' },
  'GET /season/participant/{id}/builds': { access: 'public', path: '/season/participant/{p1}/builds' },
  'POST /season/build': {
    access: 'owner',
    body: (ids) => ({
      participantCharacterBuildId: ids.build,
      seasonParticipantId: ids.p1,
      buildClass: 'Witchblade',
      buildUrl: 'https://www.grimtools.com/calc/e2e-intruder',
    }),
    note: 'the owner is the participant named in the body',
  },
  'DELETE /season/build/{id}': { access: 'owner', path: '/season/build/{build}' },
  'GET /season/participant/{id}/screenshots': {
    access: 'public',
    path: '/season/participant/{p1}/screenshots',
  },
  'POST /season/screenshot': {
    access: 'owner',
    body: (ids) => ({
      participantScreenshotId: ids.shot,
      seasonParticipantId: ids.p1,
      screenshotUrl: 'https://i.imgur.com/e2eIntruder.png',
    }),
    note: 'the owner is the participant named in the body',
  },
  'DELETE /season/screenshot/{id}': { access: 'owner', path: '/season/screenshot/{shot}' },
  'GET /admin/time': { access: 'public', note: 'the server clock (the spec lists it with the public reads)' },
  'GET /admin/challenge-categories': { access: 'admin' },
  'GET /admin/season/{id}/challenges': {
    access: 'user',
    path: '/admin/season/{season}/challenges',
    note: "the challenge list of a season for any signed-in user (the profile's challenge tab)",
  },
  'GET /admin/season-challenge/{id}': { access: 'admin', path: '/admin/season-challenge/1801' },
  'DELETE /admin/season-challenge/{id}': { access: 'admin', path: '/admin/season-challenge/1801' },
  'POST /admin/season-challenge': { access: 'admin', body: () => ({}) },
  'POST /admin/season-challenges/display-order': { access: 'admin', body: () => [] },
  'GET /season/latest': { access: 'public' },
  'GET /season/mod': { access: 'public' },
  'GET /season/mod/{modName}': { access: 'public', path: '/season/mod/GrimLeagueS07' },
  'GET /season/{id}': { access: 'public', path: '/season/{season}' },
  // ── trade ────────────────────────────────────────────────────────────────────────────────────────
  'GET /trade/trade-search': {
    access: 'owner',
    path: '/trade/trade-search?seasonParticipantId={p1}&branch=prod',
    note: 'searches as the participant named in the query',
  },
  'GET /trade/price-history': { access: 'public', path: '/trade/price-history?record=x' },
  'POST /trade/trade-notification': {
    access: 'owner',
    path: `/trade/trade-notification${q}`,
    body: (ids) => ({ seasonParticipantId: ids.p1, offerFrom: 'intruder', status: 'Incoming' }),
    note: 'the owner is the participant named in the body',
  },
  'POST /trade/participant/{id}/list-trade': {
    access: 'owner',
    path: `/trade/participant/{p1}/list-trade${q}`,
    body: (ids) => ({ participantItemId: ids.item, count: 1 }),
  },
  'PUT /trade/participant/{id}/trade-listing': {
    access: 'owner',
    path: `/trade/participant/{p1}/trade-listing${q}`,
    body: (ids) => ({ tradeListingId: ids.listing, askingCurrency: 'Iron Bar', askingPrice: 1 }),
  },
  'DELETE /trade/participant/{id}/trade-listing/{listingId}': {
    access: 'owner',
    path: `/trade/participant/{p1}/trade-listing/{listing}${q}`,
  },
  'GET /trade/participant/{id}/trade-listings': {
    access: 'owner',
    path: `/trade/participant/{p1}/trade-listings${q}`,
  },
  'POST /trade/participant/{id}/trade-offer': {
    access: 'owner',
    path: `/trade/participant/{p1}/trade-offer${q}`,
    body: (ids) => ({ tradeListingId: ids.listing, tradeOfferItems: [{ participantItemId: ids.item, count: 1 }] }),
  },
  'GET /trade/participant/{id}/trade-offers': { access: 'owner', path: `/trade/participant/{p1}/trade-offers${q}` },
  'GET /trade/participant/{id}/trade-offers/incoming': {
    access: 'owner',
    path: `/trade/participant/{p1}/trade-offers/incoming${q}`,
  },
  'DELETE /trade/participant/{id}/trade-offer/{offerId}': {
    access: 'owner',
    path: `/trade/participant/{p1}/trade-offer/1${q}`,
    note: 'the participant is checked before the offer is looked up',
  },
  'POST /trade/participant/{id}/trade-offer/{offerId}/response': {
    access: 'owner',
    path: '/trade/participant/{p1}/trade-offer/1/response?accepted=false&branch=prod',
    note: 'only the listing owner answers an offer',
  },
  'POST /trade/participant/{id}/buyout': {
    access: 'owner',
    path: `/trade/participant/{p1}/buyout${q}`,
    body: (ids) => ({ tradeListingId: ids.listing }),
  },
  'GET /trade/participant/{id}/trade-notifications/new': {
    access: 'owner',
    path: `/trade/participant/{p1}/trade-notifications/new${q}`,
  },
  'GET /trade/participant/{id}/trade-notifications': {
    access: 'owner',
    path: `/trade/participant/{p1}/trade-notifications${q}`,
  },
  'POST /trade/participant/{id}/acknowledge-trade-notifications': {
    access: 'owner',
    path: `/trade/participant/{p1}/acknowledge-trade-notifications${q}`,
    body: () => [1],
  },
  'GET /trade/participant/{id}/ignored': { access: 'owner', path: `/trade/participant/{p1}/ignored${q}` },
  'POST /trade/participant/{id}/ignore-participant-trade/{otherId}': {
    access: 'owner',
    path: `/trade/participant/{p1}/ignore-participant-trade/{p2}${q}`,
  },
  'POST /trade/participant/{id}/unignore-participant-trade/{otherId}': {
    access: 'owner',
    path: `/trade/participant/{p1}/unignore-participant-trade/{p2}${q}`,
  },
  'GET /trade/participant/{id}/events': {
    access: 'owner',
    path: `/trade/participant/{p1}/events${q}`,
    docDiffers:
      'a server-sent event stream: EventSource cannot send headers, so the route reads the token itself ' +
      '(Authorization or ?access_token=) and the document declares no security for it',
  },
  'GET /trade/participant/{id}/saved-searches': {
    access: 'owner',
    path: `/trade/participant/{p1}/saved-searches${q}`,
  },
  'POST /trade/participant/{id}/saved-searches': {
    access: 'owner',
    path: `/trade/participant/{p1}/saved-searches${q}`,
    body: () => ({ name: 'e2e-intruder' }),
  },
  'PATCH /trade/participant/{id}/saved-searches/{searchId}': {
    access: 'owner',
    path: `/trade/participant/{p1}/saved-searches/{search}${q}`,
    body: () => ({ paused: true }),
  },
  'DELETE /trade/participant/{id}/saved-searches/{searchId}': {
    access: 'owner',
    path: `/trade/participant/{p1}/saved-searches/{search}${q}`,
  },
  'POST /trade/participant/{id}/saved-searches/{searchId}/run': {
    access: 'owner',
    path: `/trade/participant/{p1}/saved-searches/{search}/run${q}`,
  },
  // ── files ────────────────────────────────────────────────────────────────────────────────────────
  'GET /file/patch-notes': { access: 'public' },
  'PUT /file/patch-notes': {
    access: 'admin',
    upload: () => ({ data: Buffer.from('%PDF-1.4\n%e2e\n'), contentType: 'application/pdf' }),
  },
  'GET /file/filenames': { access: 'public' },
  'GET /file/preload': { access: 'public' },
  'GET /file/launcher': { access: 'public' },
  'GET /file/launcher-file': { access: 'user' },
  'GET /file/league-files': { access: 'user' },
  'POST /file/base-game/file-sizes': { access: 'user', body: () => [] },
  'GET /file/finalize-beta/status': { access: 'admin' },
  'POST /file/finalize-beta': { access: 'admin', body: () => ({}) },
  'GET /file/uploads/{id}': { access: 'admin', path: '/file/uploads/{uuid}' },
  'GET /file/game-data': { access: 'admin' },
  'GET /file/game-data/languages': { access: 'public', path: '/file/game-data/languages?branch=prod' },
  'POST /file': {
    access: 'admin',
    path: '/file?branch=beta',
    upload: () => multipart([{ name: 'file', filename: 'e2e-intruder.zip', data: Buffer.from('PK') }]),
  },
  'GET /file/{name}': { access: 'public', path: '/file/GrimLeagueS07.arz' },
  'GET /file/participants/{participantId}/character-files': {
    access: 'admin',
    path: '/file/participants/{p1}/character-files',
  },
  'PUT /file/participants/{participantId}/files/{file}': {
    access: 'owner',
    path: '/file/participants/{p1}/files/formulas.gst',
    upload: octets,
  },
  'GET /file/participants/{participantId}/files/{file}': {
    access: 'owner',
    path: '/file/participants/{p1}/files/transfer.gst',
  },
  'PUT /file/participants/{participantId}/characters/{character}/files/{file}': {
    access: 'owner',
    path: '/file/participants/{p1}/characters/Impostor/files/player.gdc',
    upload: octets,
  },
  'GET /file/participants/{participantId}/characters/{character}/files/{file}': {
    access: 'owner',
    path: '/file/participants/{p1}/characters/Impostor/files/player.gdc',
  },
  'GET /file/participants/{participantId}/characters/{character}/folder': {
    access: 'admin',
    path: '/file/participants/{p1}/characters/Impostor/folder',
  },
  // ── chat ─────────────────────────────────────────────────────────────────────────────────────────
  'GET /chat/url': { access: 'user' },
  'GET /chat/connected-clients': { access: 'admin' },
  'GET /chat/welcome-messages': { access: 'admin' },
  'POST /chat/welcome-messages': { access: 'admin', body: () => ({ message: 'e2e-intruder' }) },
  'DELETE /chat/welcome-message/{id}': { access: 'admin', path: '/chat/welcome-message/1' },
  'POST /chat/system-message': { access: 'admin', body: () => ({ message: 'e2e-intruder' }) },
  'POST /chat/ban/{username}': { access: 'admin', path: '/chat/ban/player3', body: () => ({ minutes: 5 }) },
  'POST /chat/unban/{username}': { access: 'admin', path: '/chat/unban/player3' },
  'GET /chat/banned-users': { access: 'admin' },
  'GET /chat/ban-history': { access: 'admin' },
  'GET /chat/chat-log': { access: 'admin' },
  'GET /chat/t/{ticket}/chat/connected-clients': {
    access: 'user',
    path: '/chat/t/{ticket}/chat/connected-clients',
    probe: false,
    docDiffers: ticketNote,
  },
  'GET /chat/t/{ticket}/chat/mute-list': {
    access: 'user',
    path: '/chat/t/{ticket}/chat/mute-list',
    probe: false,
    docDiffers: ticketNote,
  },
  'POST /chat/t/{ticket}/chat/mute/{username}': {
    access: 'user',
    path: '/chat/t/{ticket}/chat/mute/player2',
    docDiffers: ticketNote,
  },
  'POST /chat/t/{ticket}/chat/unmute/{username}': {
    access: 'user',
    path: '/chat/t/{ticket}/chat/unmute/player2',
    docDiffers: ticketNote,
  },
  'POST /chat/t/{ticket}/chat/user/{username}/direct': {
    access: 'user',
    path: '/chat/t/{ticket}/chat/user/player2/direct',
    body: () => ({ username: 'player2', messageBody: 'e2e' }),
    docDiffers: ticketNote,
  },
  // ── the BFF's own routes (not in the merged document) ────────────────────────────────────────────
  'GET /site-config': { access: 'public' },
  'POST /season/participant/{pid}/character': {
    access: 'owner',
    path: '/season/participant/{p1}/character',
    upload: saveUpload,
    note: "the launcher's save upload (a real player.gdc)",
  },
  'GET /season/participant/{pid}/character/{name}/file': {
    access: 'owner',
    path: '/season/participant/{p1}/character/Impostor/file',
  },
  'GET /season/participant/{pid}/character/{name}/{kind}/{difficulty}': {
    access: 'owner',
    path: '/season/participant/{p1}/character/Impostor/questfile/Normal',
  },
  'POST /season/participant/{pid}/character/{name}/{kind}/{difficulty}': {
    access: 'owner',
    path: '/season/participant/{p1}/character/Impostor/questfile/Normal',
    upload: bytesUpload,
  },
  'GET /season/participant/{pid}/shared-stash': {
    access: 'owner',
    path: `/season/participant/{p1}/shared-stash${q}`,
  },
  'GET /season/participant/{pid}/shared-stash/file': {
    access: 'owner',
    path: `/season/participant/{p1}/shared-stash/file${q}`,
  },
  'POST /season/participant/{pid}/shared-stash': {
    access: 'owner',
    path: `/season/participant/{p1}/shared-stash${q}`,
    upload: stashUpload,
    note: "the launcher's stash upload (a real transfer.gst)",
  },
  'GET /season/participant/{pid}/{kind}': { access: 'owner', path: '/season/participant/{p1}/formulasfile' },
  'POST /season/participant/{pid}/{kind}': {
    access: 'owner',
    path: '/season/participant/{p1}/formulasfile',
    upload: bytesUpload,
  },
};

/** "METHOD /path" for an OpenAPI path or an Express one (`:x` → `{x}`), without the /api prefix. */
export function operationKey(method: string, route: string): string {
  const p = route.replace(/^\/api(?=\/)/i, '').replace(/:([A-Za-z0-9_]+)/g, '{$1}');
  return `${method.toUpperCase()} ${p}`;
}

/** A path with its placeholders filled. */
export function fill(template: string, ids: Ids): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in ids ? encodeURIComponent(String(ids[name as keyof Ids])) : whole,
  );
}

import type { AuthUser } from '@league/platform';
import { AppError } from '@league/platform';

export const ALLOWED_EXTENSIONS = ['.arc', '.arz', '.zip'] as const;
export type Extension = (typeof ALLOWED_EXTENSIONS)[number];
export type Branch = 'prod' | 'beta';

export const isControl = (c: string) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f;

const SAFE_NAME = /^[A-Za-z0-9 _.()+-]+$/;

/**
 * The name a file is stored and listed under. Only the base name of what the browser sent counts (a path is
 * cut at its last separator), control characters are dropped, and what remains must be a plain name with
 * an allowed extension. The name never becomes a storage path: objects are keyed by upload id.
 */
export function sanitiseFileName(raw: string): { fileName: string; extension: Extension } {
  const base = raw.split(/[\\/]/).pop() ?? '';
  const fileName = [...base]
    .filter((c) => !isControl(c))
    .join('')
    .trim();
  if (!fileName) throw AppError.badRequest('The file needs a name');
  if (fileName.length > 128) throw AppError.badRequest('The file name is longer than 128 characters');
  if (fileName.includes('..') || !SAFE_NAME.test(fileName) || fileName.startsWith('.')) {
    throw AppError.badRequest(
      `The file name '${fileName}' is not allowed: use letters, digits, spaces and _ . ( ) + - only`,
    );
  }
  const extension = fileName.slice(fileName.lastIndexOf('.')).toLowerCase();
  if (!(ALLOWED_EXTENSIONS as readonly string[]).includes(extension)) {
    throw AppError.badRequest(`Only .arc, .arz and .zip files can be uploaded, not '${fileName}'`);
  }
  return { fileName, extension: extension as Extension };
}

/** Only an extension check, for refusing a wrong file before its bytes are read. */
export function hasAllowedExtension(name: string): boolean {
  const lower = name.toLowerCase();
  return ALLOWED_EXTENSIONS.some((e) => lower.endsWith(e));
}

export const slotOf = (kind: 'mod' | 'launcher', fileName: string) =>
  kind === 'launcher' ? 'launcher' : `mod:${fileName.toLowerCase()}`;

/** Admins and testers may read beta; everyone else is served prod (the launcher's rule, applied everywhere). */
export function readableBranch(requested: Branch, user: AuthUser | undefined): Branch {
  if (requested === 'beta' && user && (user.roles.includes('admin') || user.roles.includes('tester'))) return 'beta';
  return 'prod';
}

const normalisePath = (p: string) =>
  p
    .replace(/\\/g, '/')
    .replace(/^\.?\//, '')
    .toLowerCase();

/**
 * Whether the launcher's reported base-game database sizes match the configured ones: every configured file
 * must be reported (paths compared without case or slash style) with exactly its size.
 */
export function baseGameMatches(
  reported: Array<{ filename: string; filesize: number }>,
  required: Array<{ filename: string; filesize: number }>,
): boolean {
  const sizes = new Map(reported.map((r) => [normalisePath(r.filename), r.filesize]));
  return required.every((r) => sizes.get(normalisePath(r.filename)) === r.filesize);
}

/**
 * The ten core files of the season's mod (spec §9): its game database and the resource archives the game
 * reads the league's own content from (text, items, creatures, levels, quests, UI, effects, lights,
 * system). They change with every build up to the season start, so the About page's pre-load list (files a
 * player may fetch ahead of the start) leaves them out; the heavy, stable archives (sound, music, shaders,
 * extras) stay on it. Named as the mod names its files (`<ModName>.arz`, `<ModName>_<Resource>.arc`, as
 * the demo seed's GrimLeagueS07 files are). An operator replaces the list with FILES_PRELOAD_EXCLUDED.
 */
export const CORE_MOD_FILES: readonly string[] = [
  'GrimLeagueS07.arz',
  'GrimLeagueS07_Text_EN.arc',
  'GrimLeagueS07_Items.arc',
  'GrimLeagueS07_Creatures.arc',
  'GrimLeagueS07_Levels.arc',
  'GrimLeagueS07_Quests.arc',
  'GrimLeagueS07_UI.arc',
  'GrimLeagueS07_Fx.arc',
  'GrimLeagueS07_Lights.arc',
  'GrimLeagueS07_System.arc',
];

/**
 * FILES_PRELOAD_EXCLUDED: unset or empty = the ten core files; `none` = leave nothing out; otherwise a
 * comma list of mod file names (a bare name with a mod file's extension, compared without case).
 */
export function parsePreloadExcluded(value: string | undefined): { names: string[] } | { error: string } {
  const raw = value?.trim() ?? '';
  if (raw === '') return { names: [...CORE_MOD_FILES] };
  if (raw.toLowerCase() === 'none') return { names: [] };
  const names = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = names.find((n) => !/^[^/\\:*?"<>|]+\.(arc|arz|zip)$/i.test(n));
  if (bad !== undefined) return { error: `'${bad}' is not a mod file name (.arc, .arz or .zip, no folders)` };
  return { names };
}

export const isExcludedFromPreload = (fileName: string, excluded: readonly string[]) =>
  excluded.some((e) => e.toLowerCase() === fileName.toLowerCase());

/** What decides that an upload is the same one sent again (the client got no answer): its name, fields and bytes. */
export interface UploadIdentity {
  fileName: string;
  kind: 'mod' | 'launcher';
  modName: string;
  version: string;
  receivedSha256?: string | null;
}

export const isSameUpload = (a: UploadIdentity, b: UploadIdentity): boolean =>
  !!a.receivedSha256 &&
  a.receivedSha256 === b.receivedSha256 &&
  a.fileName === b.fileName &&
  a.kind === b.kind &&
  a.modName === b.modName &&
  a.version === b.version;

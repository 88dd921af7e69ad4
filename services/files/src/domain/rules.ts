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

export const isExcludedFromPreload = (fileName: string, excluded: string[]) =>
  excluded.some((e) => e.toLowerCase() === fileName.toLowerCase());

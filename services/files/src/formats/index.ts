import { validateArc, validateArz, validateTextArchive } from './game-files';
import { validateZip, type ZipLimits } from './zip';

export { InvalidFileError } from './source';
export { validateArc, validateArz, validateTextArchive } from './game-files';
export { resealArz, writeArc, writeArz } from '@league/gamefiles';
export { validateZip, writeZip, defaultZipLimits } from './zip';

export type UploadExtension = '.arc' | '.arz' | '.zip';

/**
 * Runs the validator for a file's type; throws InvalidFileError with the reason when it is not sound. An
 * archive whose name says it holds a language's text (`textArchive`, its file name) must hold tags files.
 */
export async function validateGameFile(
  path: string,
  extension: UploadExtension,
  opts: { zipLimits?: ZipLimits; textArchive?: string } = {},
): Promise<void> {
  if (extension === '.arz') await validateArz(path);
  else if (extension === '.arc' && opts.textArchive) await validateTextArchive(path, opts.textArchive);
  else if (extension === '.arc') await validateArc(path);
  else await validateZip(path, opts.zipLimits);
}

import { validateArc, validateArz } from './game-files';
import { validateZip, type ZipLimits } from './zip';

export { InvalidFileError } from './source';
export { validateArc, validateArz } from './game-files';
export { resealArz, writeArc, writeArz } from '@league/gamefiles';
export { validateZip, writeZip, defaultZipLimits } from './zip';

export type UploadExtension = '.arc' | '.arz' | '.zip';

/** Runs the validator for a file's type; throws InvalidFileError with the reason when it is not sound. */
export async function validateGameFile(path: string, extension: UploadExtension, zipLimits?: ZipLimits): Promise<void> {
  if (extension === '.arz') await validateArz(path);
  else if (extension === '.arc') await validateArc(path);
  else await validateZip(path, zipLimits);
}

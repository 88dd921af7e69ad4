import { validateArc } from './arc';
import { validateArz } from './arz';
import { validateZip, type ZipLimits } from './zip';

export { InvalidFileError } from './source';
export { validateArc, writeArc } from './arc';
export { resealArz, validateArz, writeArz } from './arz';
export { validateZip, writeZip, defaultZipLimits } from './zip';

export type UploadExtension = '.arc' | '.arz' | '.zip';

/** Runs the validator for a file's type; throws InvalidFileError with the reason when it is not sound. */
export async function validateGameFile(path: string, extension: UploadExtension, zipLimits?: ZipLimits): Promise<void> {
  if (extension === '.arz') await validateArz(path);
  else if (extension === '.arc') await validateArc(path);
  else await validateZip(path, zipLimits);
}

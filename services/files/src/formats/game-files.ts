// The game database and archive validators of an upload: @league/gamefiles reads the formats (one reader
// of each), this file brings the file on disk and turns the package's FormatError into the service's
// InvalidFileError with the same reason.
import {
  ArcArchive,
  isFormatError,
  textFilesOf,
  validateArc as checkArc,
  validateArz as checkArz,
} from '@league/gamefiles';
import type { ArcSummary, ArzSummary } from '@league/gamefiles';
import { InvalidFileError, withSource } from './source';

async function asInvalidFile<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isFormatError(err)) throw new InvalidFileError(err.message);
    throw err;
  }
}

/**
 * Validates a game database: the header, the four adler32 sums of the footer, the string table, and every
 * record (its bounds, its LZ4 block decompressing to the declared size, its field layout, its string indices).
 */
export function validateArz(path: string): Promise<ArzSummary> {
  return withSource(path, (src) => asInvalidFile(() => checkArz(src)));
}

/**
 * Validates a game archive: the header, the part table, the name table, the table of contents (empty
 * entries accepted), and each file's parts (bounds, LZ4 or stored, declared sizes) against its adler32.
 */
export function validateArc(path: string): Promise<ArcSummary> {
  return withSource(path, (src) => asInvalidFile(() => checkArc(src)));
}

/**
 * A text archive (named as the game names them, `Text_EN.arc`): a sound archive that also holds `tags*.txt`
 * files; one without any is refused, since the game data could not be read from it.
 */
export function validateTextArchive(path: string, fileName: string): Promise<ArcSummary> {
  return withSource(path, (src) =>
    asInvalidFile(async () => {
      const summary = await checkArc(src);
      textFilesOf(await ArcArchive.open(src), fileName);
      return summary;
    }),
  );
}

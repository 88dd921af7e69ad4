import { crc32, deflateRawSync } from 'node:zlib';
import yauzl from 'yauzl';
import { InvalidFileError } from './source';

export interface ZipLimits {
  /** An entry expanding more than this many times its compressed size is refused (a zip bomb)… */
  maxRatio: number;
  /** …once it expands past this many bytes (tiny files legitimately compress well). */
  ratioFloorBytes: number;
  maxTotalBytes: number;
}

export const defaultZipLimits: ZipLimits = {
  maxRatio: 100,
  ratioFloorBytes: 1 << 20,
  maxTotalBytes: 8 * 1024 ** 3,
};

export interface ZipSummary {
  entries: number;
  uncompressedBytes: number;
}

/** Why a stored entry name is unsafe to extract, or undefined when it is a plain relative path. */
export function unsafeEntryName(name: string): string | undefined {
  if ([...name].some((c) => c.charCodeAt(0) < 0x20)) return 'has control characters';
  if (name.includes('\\')) return 'uses backslashes';
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name)) return 'is an absolute path';
  if (name.split('/').includes('..')) return 'climbs out of the target folder (..)';
  return undefined;
}

const open = (path: string) =>
  new Promise<yauzl.ZipFile>((resolve, reject) =>
    // decodeStrings off: yauzl would refuse bad names with its own wording; we name the entry ourselves.
    yauzl.open(path, { lazyEntries: true, decodeStrings: false, validateEntrySizes: true }, (err, zip) =>
      err ? reject(err) : resolve(zip),
    ),
  );

/**
 * Validates a zip: every entry listed, names safe to extract, compression ratios sane, and every entry read
 * through and checked against its CRC-32 (a flipped byte in a stored entry decompresses "fine").
 */
export async function validateZip(path: string, limits: ZipLimits = defaultZipLimits): Promise<ZipSummary> {
  let zip: yauzl.ZipFile;
  try {
    zip = await open(path);
  } catch (err) {
    throw new InvalidFileError(`.zip is unreadable: ${(err as Error).message}`);
  }
  let entries = 0;
  let total = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      const fail = (err: unknown) => {
        reject(
          err instanceof InvalidFileError ? err : new InvalidFileError(`.zip is unreadable: ${(err as Error).message}`),
        );
      };
      zip.on('error', fail);
      zip.on('end', () => resolve());
      zip.on('entry', (entry: yauzl.Entry) => {
        const name = (entry.fileName as unknown as Buffer).toString('latin1');
        const unsafe = unsafeEntryName(name);
        if (unsafe) return fail(new InvalidFileError(`.zip entry '${name}' ${unsafe}`));
        entries += 1;
        total += entry.uncompressedSize;
        if (total > limits.maxTotalBytes) {
          return fail(new InvalidFileError(`.zip expands to more than ${limits.maxTotalBytes} bytes`));
        }
        if (
          entry.uncompressedSize > limits.ratioFloorBytes &&
          entry.uncompressedSize > limits.maxRatio * Math.max(entry.compressedSize, 1)
        ) {
          return fail(
            new InvalidFileError(
              `.zip entry '${name}' has an absurd compression ratio (${entry.compressedSize} → ${entry.uncompressedSize} bytes)`,
            ),
          );
        }
        if (name.endsWith('/')) return zip.readEntry();
        zip.openReadStream(entry, (err, stream) => {
          if (err) return fail(err);
          let crc = 0;
          stream.on('data', (chunk: Buffer) => (crc = crc32(chunk, crc)));
          stream.on('error', (e) => fail(new InvalidFileError(`.zip entry '${name}' is corrupt: ${e.message}`)));
          stream.on('end', () => {
            if (crc >>> 0 !== entry.crc32 >>> 0) {
              return fail(new InvalidFileError(`.zip entry '${name}' fails its CRC-32 check`));
            }
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  } finally {
    zip.close();
  }
  return { entries, uncompressedBytes: total };
}

/** Writes a zip (deflated entries unless `store`); names are written as given, so tests can write bad ones. */
export function writeZip(files: Array<{ name: string; data: Buffer; store?: boolean }>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const file of files) {
    const name = Buffer.from(file.name, 'utf8');
    const body = file.store ? file.data : deflateRawSync(file.data);
    const method = file.store ? 0 : 8;
    const crc = crc32(file.data) >>> 0;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(method, 8);
    local.writeUInt16LE(0x21, 12); // 1980-01-01
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(file.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(file.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, body);
    centrals.push(central, name);
    offset += local.length + name.length + body.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  InvalidFileError,
  resealArz,
  validateArc,
  validateArz,
  validateZip,
  writeArc,
  writeArz,
  writeZip,
} from './index';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'files-formats-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
let n = 0;
const onDisk = (buf: Buffer) => {
  const p = path.join(dir, `f${n++}`);
  fs.writeFileSync(p, buf);
  return p;
};
const flip = (buf: Buffer, at: number) => {
  const copy = Buffer.from(buf);
  copy[at] = copy[at]! ^ 0xff;
  return copy;
};

const arz = () =>
  writeArz([
    {
      name: 'records/items/gearhead/a01_head001.dbr',
      type: 'ArmorProtective_Head',
      fields: [
        { type: 0, key: 'itemLevel', values: [50] },
        { type: 1, key: 'defensiveProtection', values: [120.5, 3, 3, 3, 3, 3, 3, 3] },
        { type: 3, key: 'hidePrefixName', values: [0] },
      ],
    },
    {
      name: 'records/items/gearhead/a01_head002.dbr',
      type: 'ArmorProtective_Head',
      fields: [{ type: 0, key: 'itemLevel', values: Array.from({ length: 40 }, () => 7) }],
    },
  ]);

const text = Buffer.from('tagItemName=Helm of the league\n'.repeat(40));
const arc = () =>
  writeArc([
    { name: 'tags_items.txt', data: text },
    { name: 'random.bin', data: randomBytes(300) },
  ]);

describe('.arz validation', () => {
  it('when the database is sound, then it passes with its record count', async () => {
    await expect(validateArz(onDisk(arz()))).resolves.toEqual({ records: 2, strings: 5 });
  });

  it('when a byte of record data is flipped, then the record data checksum fails', async () => {
    await expect(validateArz(onDisk(flip(arz(), 30)))).rejects.toThrow(/record data checksum mismatch/);
  });

  it('when the footer holds a wrong sum, then the whole-file checksum fails', async () => {
    const file = arz();
    await expect(validateArz(onDisk(flip(file, file.length - 16)))).rejects.toThrow(/whole file checksum mismatch/);
  });

  it('when the file is truncated, then its tables lie outside the file', async () => {
    const file = arz();
    await expect(validateArz(onDisk(file.subarray(0, file.length - 40)))).rejects.toThrow(/outside the file/);
    await expect(validateArz(onDisk(file.subarray(0, 20)))).rejects.toThrow(/too short/);
  });

  it('when a record is corrupt but the sums were recomputed, then the record does not decompress', async () => {
    const file = arz();
    const rts = file.readUInt32LE(4);
    // The first record's declared decompressed size sits 8 + type length + 8 bytes into the record table.
    const tampered = Buffer.from(file);
    const typeLength = tampered.readUInt32LE(rts + 4);
    tampered.writeUInt32LE(9999, rts + 8 + typeLength + 8);
    await expect(validateArz(onDisk(resealArz(tampered)))).rejects.toThrow(/record 0 does not decompress/);
  });

  it('when the header is not a version 3 database, then it is refused', async () => {
    const file = arz();
    file.writeUInt16LE(4, 2);
    await expect(validateArz(onDisk(file))).rejects.toThrow(/not a version 3/);
  });

  it("when the package's reader refuses a file, then the service sees its own InvalidFileError with the reason", async () => {
    const refused = validateArz(onDisk(flip(arz(), 30)));
    await expect(refused).rejects.toBeInstanceOf(InvalidFileError);
    await expect(refused).rejects.toThrow(/record data checksum mismatch/);
    await expect(validateArc(onDisk(flip(arc(), 0)))).rejects.toBeInstanceOf(InvalidFileError);
  });
});

describe('.arc validation', () => {
  it('when the archive is sound, then it passes with its file count', async () => {
    await expect(validateArc(onDisk(arc()))).resolves.toEqual({ files: 2, parts: 2, empty: 0 });
  });

  it('when the archive keeps empty entries (storage 0, no parts, no name) as real ones do, then it passes', async () => {
    const file = writeArc([
      { name: 'tags_items.txt', data: text },
      { empty: true },
      { name: 'random.bin', data: randomBytes(50) },
    ]);
    await expect(validateArc(onDisk(file))).resolves.toEqual({ files: 3, parts: 2, empty: 1 });
  });

  it('when a byte of a stored file is flipped, then that file fails its adler32', async () => {
    const file = arc();
    const secondPart = file.readUInt32LE(file.readUInt32LE(24) + 12);
    await expect(validateArc(onDisk(flip(file, secondPart + 5)))).rejects.toThrow(/random.bin: checksum mismatch/);
  });

  it('when a compressed part is damaged, then it does not decompress or fails its checksum', async () => {
    await expect(validateArc(onDisk(flip(arc(), 28)))).rejects.toThrow(
      /tags_items.txt: (part 0 does not decompress|checksum)/,
    );
  });

  it('when the entry carries a wrong checksum, then it is refused', async () => {
    const file = arc();
    const toc = file.length - 2 * 44;
    await expect(validateArc(onDisk(flip(file, toc + 16)))).rejects.toThrow(/tags_items.txt: checksum mismatch/);
  });

  it('when the archive is truncated or has no signature, then it is refused', async () => {
    const file = arc();
    await expect(validateArc(onDisk(file.subarray(0, file.length - 10)))).rejects.toThrow(/outside the file/);
    await expect(validateArc(onDisk(flip(file, 0)))).rejects.toThrow(/no ARC signature/);
  });
});

describe('.zip validation', () => {
  const good = () =>
    writeZip([
      { name: 'launcher/GrimLeagueLauncher.exe', data: randomBytes(2000), store: true },
      { name: 'launcher/readme.txt', data: text },
    ]);

  it('when the zip is sound, then it passes with its entries', async () => {
    await expect(validateZip(onDisk(good()))).resolves.toEqual({ entries: 2, uncompressedBytes: 2000 + text.length });
  });

  it('when a byte of a stored entry is flipped, then its CRC-32 check fails', async () => {
    await expect(validateZip(onDisk(flip(good(), 30 + 31 + 100)))).rejects.toThrow(
      /GrimLeagueLauncher.exe' fails its CRC-32/,
    );
  });

  it('when an entry climbs out of the folder or is absolute, then it is refused as unsafe', async () => {
    await expect(validateZip(onDisk(writeZip([{ name: '../../evil.dll', data: text }])))).rejects.toThrow(
      /'..\/..\/evil.dll' climbs out/,
    );
    await expect(validateZip(onDisk(writeZip([{ name: '/etc/passwd', data: text }])))).rejects.toThrow(/absolute path/);
    await expect(validateZip(onDisk(writeZip([{ name: 'a\\..\\b', data: text }])))).rejects.toThrow(/backslashes/);
  });

  it('when an entry expands absurdly, then it is refused as a zip bomb', async () => {
    const bomb = writeZip([{ name: 'zeros.bin', data: Buffer.alloc(8 << 20) }]);
    await expect(validateZip(onDisk(bomb))).rejects.toThrow(/absurd compression ratio/);
  });

  it('when the zip is truncated, then it is unreadable', async () => {
    const file = good();
    await expect(validateZip(onDisk(file.subarray(0, file.length - 30)))).rejects.toThrow(/\.zip is unreadable/);
  });
});

import { PassThrough, type Readable } from 'node:stream';
import { crc32 } from 'node:zlib';

export interface ZipStreamEntry {
  name: string;
  open: () => Promise<Readable>;
}

/**
 * Streams a stored (uncompressed) zip: each entry's bytes pass straight through, with its CRC-32 and sizes
 * written after it in a data descriptor (flag bit 3), so nothing is held in memory but the central directory.
 */
export function zipStream(entries: ZipStreamEntry[]): Readable {
  const out = new PassThrough();
  const write = (b: Buffer) => (out.write(b) ? Promise.resolve() : new Promise<void>((r) => out.once('drain', r)));
  void (async () => {
    const central: Buffer[] = [];
    let offset = 0;
    for (const entry of entries) {
      const name = Buffer.from(entry.name, 'utf8');
      const local = Buffer.alloc(30);
      local.writeUInt32LE(0x04034b50, 0);
      local.writeUInt16LE(20, 4);
      local.writeUInt16LE(0x0808, 6); // sizes and CRC follow the data; UTF-8 names
      local.writeUInt16LE(0x21, 12);
      local.writeUInt16LE(name.length, 26);
      await write(local);
      await write(name);
      let crc = 0;
      let size = 0;
      for await (const chunk of await entry.open()) {
        crc = crc32(chunk as Buffer, crc);
        size += (chunk as Buffer).length;
        await write(chunk as Buffer);
      }
      const descriptor = Buffer.alloc(16);
      descriptor.writeUInt32LE(0x08074b50, 0);
      descriptor.writeUInt32LE(crc >>> 0, 4);
      descriptor.writeUInt32LE(size, 8);
      descriptor.writeUInt32LE(size, 12);
      await write(descriptor);
      const c = Buffer.alloc(46);
      c.writeUInt32LE(0x02014b50, 0);
      c.writeUInt16LE(20, 4);
      c.writeUInt16LE(20, 6);
      c.writeUInt16LE(0x0808, 8);
      c.writeUInt16LE(0x21, 14);
      c.writeUInt32LE(crc >>> 0, 16);
      c.writeUInt32LE(size, 20);
      c.writeUInt32LE(size, 24);
      c.writeUInt16LE(name.length, 28);
      c.writeUInt32LE(offset, 42);
      central.push(c, name);
      offset += 30 + name.length + size + 16;
    }
    const directory = Buffer.concat(central);
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(entries.length, 8);
    end.writeUInt16LE(entries.length, 10);
    end.writeUInt32LE(directory.length, 12);
    end.writeUInt32LE(offset, 16);
    await write(directory);
    out.end(end);
  })().catch((err: Error) => out.destroy(err));
  return out;
}

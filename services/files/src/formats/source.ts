import fs from 'node:fs/promises';
import type { RandomAccess } from '@league/gamefiles';

/** Thrown by a validator: the message is the reason an admin sees on the failed file. */
export class InvalidFileError extends Error {
  override name = 'InvalidFileError';
}

/**
 * Random access over a file on disk, the I/O half of @league/gamefiles' readers: they read the parts they
 * need (headers, tables, one record at a time) instead of loading a whole archive, as a game database can
 * be hundreds of megabytes.
 */
export class FileSource implements RandomAccess {
  private constructor(
    private readonly handle: fs.FileHandle,
    readonly size: number,
  ) {}

  static async open(path: string): Promise<FileSource> {
    const handle = await fs.open(path, 'r');
    const { size } = await handle.stat();
    return new FileSource(handle, size);
  }

  /** Reads exactly `length` bytes at `offset`, or fails with `what` named as running past the end. */
  async read(offset: number, length: number, what: string): Promise<Buffer> {
    if (offset < 0 || length < 0 || offset + length > this.size) {
      throw new InvalidFileError(`${what} lies outside the file (the file may be truncated)`);
    }
    const buf = Buffer.alloc(length);
    let done = 0;
    while (done < length) {
      const { bytesRead } = await this.handle.read(buf, done, length - done, offset + done);
      if (bytesRead === 0) throw new InvalidFileError(`${what} lies outside the file (the file may be truncated)`);
      done += bytesRead;
    }
    return buf;
  }

  close(): Promise<void> {
    return this.handle.close();
  }
}

export async function withSource<T>(path: string, fn: (src: FileSource) => Promise<T>): Promise<T> {
  const src = await FileSource.open(path);
  try {
    return await fn(src);
  } finally {
    await src.close();
  }
}

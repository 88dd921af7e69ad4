import type { ObjectStorage } from '@league/platform';

export const PART_BYTES = 8 * 1024 * 1024;

/**
 * Writes a stream of unknown length as an S3 multipart upload through one reused part buffer, so memory
 * stays flat whatever the size. (minio's putObject without a size plans parts for a 5 TiB object and holds
 * ~550 MB per part.) `inspect` sees every chunk first and may throw to refuse the upload: the multipart
 * upload is then aborted, so no object, whole or partial, ever becomes visible.
 */
export async function streamToObject(
  storage: ObjectStorage,
  bucket: string,
  key: string,
  source: AsyncIterable<Buffer>,
  inspect: (chunk: Buffer) => void,
  partBytes = PART_BYTES,
): Promise<void> {
  const client = storage.client;
  const uploadId = await client.initiateNewMultipartUpload(bucket, key, { 'Content-Type': 'application/octet-stream' });
  const etags: Array<{ part: number; etag: string }> = [];
  const part = Buffer.allocUnsafe(partBytes);
  let filled = 0;
  const flush = async () => {
    const partNumber = etags.length + 1;
    // Awaited before the buffer is refilled: the request has sent these bytes by then.
    const { etag } = await client.uploadPart(
      {
        bucketName: bucket,
        objectName: key,
        uploadID: uploadId,
        partNumber,
        headers: { 'Content-Length': filled },
      },
      part.subarray(0, filled),
    );
    etags.push({ part: partNumber, etag });
    filled = 0;
  };
  try {
    for await (const chunk of source) {
      inspect(chunk);
      let at = 0;
      while (at < chunk.length) {
        const n = Math.min(chunk.length - at, partBytes - filled);
        chunk.copy(part, filled, at, at + n);
        filled += n;
        at += n;
        if (filled === partBytes) await flush();
      }
    }
    if (filled > 0) await flush();
    if (etags.length === 0) {
      await client.abortMultipartUpload(bucket, key, uploadId);
      await storage.putStream(bucket, key, Buffer.alloc(0));
      return;
    }
    await client.completeMultipartUpload(bucket, key, uploadId, etags);
  } catch (err) {
    await client.abortMultipartUpload(bucket, key, uploadId).catch(() => undefined);
    throw err;
  }
}

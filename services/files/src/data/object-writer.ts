import type { ObjectStorage } from '@league/platform';

export const PART_BYTES = 16 * 1024 * 1024;

/**
 * Writes a stream of unknown length as an S3 multipart upload, one part in memory at a time. (minio's
 * putObject without a size sizes its parts for a 5 TiB object and holds ~550 MB per part.) `inspect` sees every
 * chunk first and may throw to refuse the upload: the multipart upload is then aborted, so no object, whole
 * or partial, ever becomes visible.
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
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  const flush = async () => {
    const payload = Buffer.concat(pending, pendingBytes);
    pending = [];
    pendingBytes = 0;
    const part = etags.length + 1;
    const { etag } = await client.uploadPart(
      {
        bucketName: bucket,
        objectName: key,
        uploadID: uploadId,
        partNumber: part,
        headers: { 'Content-Length': payload.length },
      },
      payload,
    );
    etags.push({ part, etag });
  };
  try {
    for await (const chunk of source) {
      inspect(chunk);
      pending.push(chunk);
      pendingBytes += chunk.length;
      if (pendingBytes >= partBytes) await flush();
    }
    if (pendingBytes > 0) await flush();
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

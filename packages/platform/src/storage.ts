import type { Readable } from 'node:stream';
import * as Minio from 'minio';

export interface StorageOptions {
  endpoint: string;
  accessKey: string;
  secretKey: string;
  region?: string;
}

export interface StoredObject {
  key: string;
  size: number;
  etag: string;
  lastModified: Date;
  metadata: Record<string, string>;
}

function clientFor(endpoint: string, o: StorageOptions): Minio.Client {
  const url = new URL(endpoint);
  return new Minio.Client({
    endPoint: url.hostname,
    port: url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80,
    useSSL: url.protocol === 'https:',
    accessKey: o.accessKey,
    secretKey: o.secretKey,
    // A fixed region lets presigning happen offline (no bucket-location lookup per URL).
    region: o.region ?? 'us-east-1',
    pathStyle: true,
  });
}

/** Object storage over the minio client: streams in and out, never whole files in memory. */
export class ObjectStorage {
  readonly client: Minio.Client;
  private readonly publicClients = new Map<string, Minio.Client>();

  constructor(private readonly opts: StorageOptions) {
    this.client = clientFor(opts.endpoint, opts);
  }

  async ensureBucket(bucket: string): Promise<void> {
    if (await this.client.bucketExists(bucket)) return;
    try {
      await this.client.makeBucket(bucket, this.opts.region ?? 'us-east-1');
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (code !== 'BucketAlreadyOwnedByYou' && code !== 'BucketAlreadyExists') throw err;
    }
  }

  async putStream(
    bucket: string,
    key: string,
    body: Readable | Buffer,
    size?: number,
    metadata: Record<string, string> = {},
  ) {
    return this.client.putObject(bucket, key, body, size, metadata);
  }

  getStream(bucket: string, key: string): Promise<Readable> {
    return this.client.getObject(bucket, key);
  }

  async stat(bucket: string, key: string): Promise<StoredObject | undefined> {
    try {
      const s = await this.client.statObject(bucket, key);
      return {
        key,
        size: s.size,
        etag: s.etag,
        lastModified: s.lastModified,
        metadata: s.metaData as Record<string, string>,
      };
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (code === 'NotFound' || code === 'NoSuchKey') return undefined;
      throw err;
    }
  }

  /**
   * A time-limited GET URL. `publicEndpoint` signs for the host the downloader will use (a region's
   * public address) instead of the internal one; the signature covers the host, so it must be signed there.
   */
  presignedGet(
    bucket: string,
    key: string,
    expirySeconds = 3600,
    publicEndpoint?: string,
    downloadName?: string,
  ): Promise<string> {
    let client = this.client;
    if (publicEndpoint) {
      client = this.publicClients.get(publicEndpoint) ?? clientFor(publicEndpoint, this.opts);
      this.publicClients.set(publicEndpoint, client);
    }
    const headers: Record<string, string> = {};
    if (downloadName)
      headers['response-content-disposition'] = `attachment; filename="${downloadName.replace(/"/g, '')}"`;
    return client.presignedGetObject(bucket, key, expirySeconds, headers);
  }

  async remove(bucket: string, key: string): Promise<void> {
    await this.client.removeObject(bucket, key);
  }

  async list(bucket: string, prefix = ''): Promise<StoredObject[]> {
    const out: StoredObject[] = [];
    const stream = this.client.listObjectsV2(bucket, prefix, true);
    for await (const item of stream as AsyncIterable<Minio.BucketItem>) {
      if (!item.name) continue;
      out.push({
        key: item.name,
        size: item.size,
        etag: item.etag ?? '',
        lastModified: item.lastModified ?? new Date(0),
        metadata: {},
      });
    }
    return out;
  }

  async ready(): Promise<boolean> {
    await this.client.listBuckets();
    return true;
  }
}

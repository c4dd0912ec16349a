import type { Readable } from 'node:stream';
import type * as S3Sdk from '@aws-sdk/client-s3';
import { contentTypeOf, isSafeKey, type FileStorage, type StoredFile } from './storage';

export interface S3Settings {
  bucket: string;
  region: string;
  endpoint?: string | undefined;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  forcePathStyle: boolean;
  /** a CDN or public bucket address in front of the bucket; public files are redirected there */
  publicUrl?: string | undefined;
}

/**
 * Files as objects in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2 and
 * the like) through the official SDK: every app server sees every file. The
 * bucket stays private; the shop serves public files at /uploads/… (or sends
 * browsers to S3_PUBLIC_URL) and customers' files only to admins.
 */
export class S3Storage implements FileStorage {
  /**
   * The SDK and its client. The SDK is a large module (a few MB of the server's memory): it is
   * loaded when a storage is made, so a shop that keeps its files on disk never loads it.
   */
  private readonly connection: Promise<{ sdk: typeof S3Sdk; client: S3Sdk.S3Client }>;

  constructor(private readonly s3: S3Settings) {
    this.connection = import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: s3.region,
        forcePathStyle: s3.forcePathStyle,
        ...(s3.endpoint ? { endpoint: s3.endpoint } : {}),
        ...(s3.accessKeyId && s3.secretAccessKey ? { credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey } } : {}),
        maxAttempts: 3,
        // Checksums only where S3 requires them: many S3-compatible services (older MinIO, R2, Ceph) reject the SDK's default trailers.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      }),
    }));
  }

  /** The S3 client, once the SDK is loaded. */
  async client(): Promise<S3Sdk.S3Client> {
    return (await this.connection).client;
  }

  get publicUrl(): string | undefined {
    return this.s3.publicUrl;
  }

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    if (!isSafeKey(key)) throw new Error(`Unsafe storage key: ${key}`);
    const { sdk, client } = await this.connection;
    await client.send(
      new sdk.PutObjectCommand({
        Bucket: this.s3.bucket,
        Key: key,
        Body: data,
        ContentType: contentType || contentTypeOf(key),
        ContentLength: data.length,
        // Keys are unique and never rewritten.
        CacheControl: 'public, max-age=31536000, immutable',
      }),
    );
  }

  async get(key: string): Promise<StoredFile | null> {
    if (!isSafeKey(key)) return null;
    const { sdk, client } = await this.connection;
    try {
      const res = await client.send(new sdk.GetObjectCommand({ Bucket: this.s3.bucket, Key: key }));
      if (!res.Body) return null;
      return { body: res.Body as Readable, size: Number(res.ContentLength ?? 0), contentType: res.ContentType ?? contentTypeOf(key) };
    } catch (err) {
      if (err instanceof sdk.S3ServiceException && (err.name === 'NoSuchKey' || err.$metadata.httpStatusCode === 404)) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    if (!isSafeKey(key)) return;
    const { sdk, client } = await this.connection;
    await client.send(new sdk.DeleteObjectCommand({ Bucket: this.s3.bucket, Key: key }));
  }

  async ping(): Promise<boolean> {
    try {
      const { sdk, client } = await this.connection;
      await client.send(new sdk.HeadBucketCommand({ Bucket: this.s3.bucket }), { abortSignal: AbortSignal.timeout(3000) });
      return true;
    } catch {
      return false;
    }
  }
}

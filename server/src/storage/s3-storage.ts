import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
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
  readonly client: S3Client;

  constructor(private readonly s3: S3Settings) {
    this.client = new S3Client({
      region: s3.region,
      forcePathStyle: s3.forcePathStyle,
      ...(s3.endpoint ? { endpoint: s3.endpoint } : {}),
      ...(s3.accessKeyId && s3.secretAccessKey ? { credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey } } : {}),
      maxAttempts: 3,
      // Checksums only where S3 requires them: many S3-compatible services (older MinIO, R2, Ceph) reject the SDK's default trailers.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  get publicUrl(): string | undefined {
    return this.s3.publicUrl;
  }

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    if (!isSafeKey(key)) throw new Error(`Unsafe storage key: ${key}`);
    await this.client.send(
      new PutObjectCommand({
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
    try {
      const res = await this.client.send(new GetObjectCommand({ Bucket: this.s3.bucket, Key: key }));
      if (!res.Body) return null;
      return { body: res.Body as Readable, size: Number(res.ContentLength ?? 0), contentType: res.ContentType ?? contentTypeOf(key) };
    } catch (err) {
      if (err instanceof S3ServiceException && (err.name === 'NoSuchKey' || err.$metadata.httpStatusCode === 404)) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    if (!isSafeKey(key)) return;
    await this.client.send(new DeleteObjectCommand({ Bucket: this.s3.bucket, Key: key }));
  }

  async ping(): Promise<boolean> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.s3.bucket }), { abortSignal: AbortSignal.timeout(3000) });
      return true;
    } catch {
      return false;
    }
  }
}

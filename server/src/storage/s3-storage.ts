import type { Readable } from 'node:stream';
import type * as S3Sdk from '@aws-sdk/client-s3';
import { contentTypeOf, isSafeKey, StorageUnavailableError, type FileStorage, type StoredFile } from './storage';

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
/** After the bucket failed, calls fail at once for this long instead of each waiting for a time-out. */
const FAIL_FAST_MS = 2000;

export class S3Storage implements FileStorage {
  /**
   * The SDK and its client. The SDK is a large module (a few MB of the server's memory): it is
   * loaded when a storage is made, so a shop that keeps its files on disk never loads it.
   */
  private readonly connection: Promise<{ sdk: typeof S3Sdk; client: S3Sdk.S3Client }>;
  /** when the bucket last failed (a call or the health check): 0 when it answered since */
  private failedAt = 0;

  constructor(private readonly s3: S3Settings) {
    this.connection = import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: s3.region,
        forcePathStyle: s3.forcePathStyle,
        ...(s3.endpoint ? { endpoint: s3.endpoint } : {}),
        ...(s3.accessKeyId && s3.secretAccessKey ? { credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey } } : {}),
        maxAttempts: 2,
        // A bucket that does not answer must not hold a request (an upload, a picture) for minutes:
        // no connection within 2 s, or 5 s without a byte either way, fails the attempt (decision 034).
        requestHandler: { connectionTimeout: 2000, requestTimeout: 5000, throwOnRequestTimeout: true },
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

  /**
   * Runs a call to the bucket: any failure but "no such key" is a StorageUnavailableError (503),
   * and for FAIL_FAST_MS after one (or while the health check finds the bucket away) calls fail
   * at once, so that a black-holed bucket costs one request its time-outs, not every request.
   */
  private async call<T>(work: (sdk: typeof S3Sdk, client: S3Sdk.S3Client) => Promise<T>, notFound?: T): Promise<T> {
    if (Date.now() - this.failedAt < FAIL_FAST_MS) throw new StorageUnavailableError(new Error('the bucket failed a moment ago'));
    const { sdk, client } = await this.connection;
    try {
      return await work(sdk, client);
    } catch (err) {
      if (notFound !== undefined && err instanceof sdk.S3ServiceException && (err.name === 'NoSuchKey' || err.$metadata.httpStatusCode === 404))
        return notFound;
      this.failedAt = Date.now();
      throw new StorageUnavailableError(err);
    }
  }

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    if (!isSafeKey(key)) throw new Error(`Unsafe storage key: ${key}`);
    await this.call((sdk, client) =>
      client.send(
        new sdk.PutObjectCommand({
          Bucket: this.s3.bucket,
          Key: key,
          Body: data,
          ContentType: contentType || contentTypeOf(key),
          ContentLength: data.length,
          // Keys are unique and never rewritten.
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      ),
    );
  }

  async get(key: string): Promise<StoredFile | null> {
    if (!isSafeKey(key)) return null;
    return this.call(async (sdk, client) => {
      const res = await client.send(new sdk.GetObjectCommand({ Bucket: this.s3.bucket, Key: key }));
      if (!res.Body) return null;
      return { body: res.Body as Readable, size: Number(res.ContentLength ?? 0), contentType: res.ContentType ?? contentTypeOf(key) };
    }, null);
  }

  async delete(key: string): Promise<void> {
    if (!isSafeKey(key)) return;
    await this.call((sdk, client) => client.send(new sdk.DeleteObjectCommand({ Bucket: this.s3.bucket, Key: key })));
  }

  async ping(signal: AbortSignal = AbortSignal.timeout(3000)): Promise<boolean> {
    return (await this.probe(signal)) === 'up';
  }

  /**
   * Whether the bucket answers: 'misconfigured' when the service answers but refuses this bucket
   * (no such bucket, access denied, another region: a setting to fix), 'unreachable' when it does
   * not answer in time or fails (an outage). Calls fail fast while it is not up.
   */
  async probe(signal: AbortSignal = AbortSignal.timeout(3000)): Promise<'up' | 'misconfigured' | 'unreachable'> {
    const { sdk, client } = await this.connection;
    try {
      await client.send(new sdk.HeadBucketCommand({ Bucket: this.s3.bucket }), { abortSignal: signal });
      this.failedAt = 0;
      return 'up';
    } catch (err) {
      this.failedAt = Date.now();
      const status = err instanceof sdk.S3ServiceException ? err.$metadata.httpStatusCode : undefined;
      return status !== undefined && status >= 300 && status < 500 ? 'misconfigured' : 'unreachable';
    }
  }
}

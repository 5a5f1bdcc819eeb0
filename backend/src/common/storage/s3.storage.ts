import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  AbortMultipartUploadCommand,
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { assertStorageKey, type IncompleteWrite, StorageObjectNotFound, type StoragePort } from './storage.port.js';

export interface S3Settings {
  endpoint: string;
  region: string;
  bucket: string;
  accessKey: string;
  secretKey: string;
}

/** Smallest part S3 accepts; an upload holds at most `queueSize` parts of this size in memory. */
export const S3_PART_SIZE = 5 * 1024 * 1024;

/** Client options for any S3-compatible store (MinIO and friends): path-style addressing, checksums only when an operation requires them. */
export function s3ClientConfig(s: S3Settings): S3ClientConfig {
  return {
    endpoint: s.endpoint,
    region: s.region,
    forcePathStyle: true,
    credentials: { accessKeyId: s.accessKey, secretAccessKey: s.secretKey },
    // The SDK's default CRC checksums on every request are not understood by every S3-compatible server.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
}

interface S3Error {
  name?: string;
  Code?: string;
  $metadata?: { httpStatusCode?: number };
}

const statusOf = (e: unknown) => (e as S3Error)?.$metadata?.httpStatusCode;
const isMissing = (e: unknown) => statusOf(e) === 404 || ['NotFound', 'NoSuchKey', 'NoSuchBucket'].includes((e as S3Error)?.name ?? '');

/**
 * Objects in one bucket of an S3-compatible store. Uploads are streamed as multipart uploads
 * (`@aws-sdk/lib-storage`, parts of 5 MB, one in flight), so a 100 MB file never sits in memory;
 * a failed upload is aborted and its object removed. The bucket is created on first use when missing.
 */
export class S3Storage implements StoragePort {
  readonly driver = 's3' as const;
  private bucketReady?: Promise<void>;

  constructor(
    private readonly settings: S3Settings,
    readonly client: S3Client = new S3Client(s3ClientConfig(settings)),
    private readonly partSize = S3_PART_SIZE,
  ) {}

  get bucket(): string {
    return this.settings.bucket;
  }

  /** HEAD the bucket once; create it when missing. A failure is retried on the next call. */
  ensureBucket(): Promise<void> {
    this.bucketReady ??= (async () => {
      try {
        await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
      } catch (e) {
        if (!isMissing(e)) throw e;
        try {
          await this.client.send(new CreateBucketCommand({ Bucket: this.bucket }));
        } catch (created) {
          // Another replica created it meanwhile.
          if (!['BucketAlreadyOwnedByYou', 'BucketAlreadyExists'].includes((created as S3Error)?.name ?? '')) throw created;
        }
      }
    })().catch((e: unknown) => {
      this.bucketReady = undefined;
      throw e;
    });
    return this.bucketReady;
  }

  async put(key: string, body: Readable): Promise<number> {
    try {
      assertStorageKey(key);
      await this.ensureBucket();
    } catch (e) {
      body.destroy();
      throw e;
    }
    let size = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        done(null, chunk);
      },
    });
    const upload = new Upload({ client: this.client, params: { Bucket: this.bucket, Key: key, Body: counter }, partSize: this.partSize, queueSize: 1, leavePartsOnError: false });
    const [piped, stored] = await Promise.allSettled([
      pipeline(body, counter),
      upload.done().catch((e: unknown) => {
        // Stop reading the body: the store refused the upload.
        counter.destroy(e as Error);
        throw e;
      }),
    ]);
    if (piped.status === 'rejected' || stored.status === 'rejected') {
      await upload.abort().catch(() => undefined);
      await this.delete(key).catch(() => undefined);
      // The body's own error (too large, not a Word file, client gone) says more than the SDK's echo of it.
      throw piped.status === 'rejected' ? piped.reason : (stored as PromiseRejectedResult).reason;
    }
    return size;
  }

  async get(key: string): Promise<Readable> {
    assertStorageKey(key);
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      return out.Body as Readable;
    } catch (e) {
      if (isMissing(e)) throw new StorageObjectNotFound(key);
      throw e;
    }
  }

  async delete(key: string): Promise<void> {
    assertStorageKey(key);
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (e) {
      if (!isMissing(e)) throw e;
    }
  }

  /**
   * Incomplete multipart uploads started before `before` (what a process killed in the middle of a
   * large `put` leaves: stored parts that no object shows). A store that does not implement the
   * listing (some S3 emulators) has none to offer: [] — set a lifecycle rule there instead.
   */
  async listIncomplete(before: Date, limit: number): Promise<IncompleteWrite[]> {
    await this.ensureBucket();
    const found: IncompleteWrite[] = [];
    let keyMarker: string | undefined;
    let uploadIdMarker: string | undefined;
    for (;;) {
      let page;
      try {
        page = await this.client.send(new ListMultipartUploadsCommand({ Bucket: this.bucket, KeyMarker: keyMarker, UploadIdMarker: uploadIdMarker, MaxUploads: 1000 }));
      } catch (e) {
        if ((e as S3Error)?.name === 'NotImplemented' || (e as S3Error)?.Code === 'NotImplemented' || statusOf(e) === 501) return found;
        throw e;
      }
      for (const u of page.Uploads ?? []) {
        if (!u.Key || !u.UploadId || !u.Initiated || u.Initiated >= before) continue;
        found.push({ key: u.Key, ref: u.UploadId, time: u.Initiated });
        if (found.length >= limit) return found;
      }
      if (!page.IsTruncated || (!page.NextKeyMarker && !page.NextUploadIdMarker)) return found;
      keyMarker = page.NextKeyMarker;
      uploadIdMarker = page.NextUploadIdMarker;
    }
  }

  async removeIncomplete(write: IncompleteWrite): Promise<void> {
    assertStorageKey(write.key);
    try {
      await this.client.send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: write.key, UploadId: write.ref }));
    } catch (e) {
      if (!isMissing(e) && (e as S3Error)?.name !== 'NoSuchUpload') throw e;
    }
  }

  /** One HEAD of the bucket; a missing bucket is created, as the first write would (a fresh deployment is ready). */
  async ping(signal?: AbortSignal): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }), { abortSignal: signal });
    } catch (e) {
      if (!isMissing(e)) throw e;
      this.bucketReady = undefined;
      await this.ensureBucket();
    }
  }

  async exists(key: string): Promise<boolean> {
    assertStorageKey(key);
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return true;
    } catch (e) {
      if (isMissing(e)) return false;
      throw e;
    }
  }
}

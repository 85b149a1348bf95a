import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { S3Settings } from '../../config';
import { assertValidStorageKey, isStorageKey } from './disk-storage';
import type { FileStorage, StoredFile } from './file-storage';

/** How many orphans the sweep deletes at once. */
const DELETE_CONCURRENCY = 8;

/**
 * Files as objects of an S3-compatible bucket (server mode, DECISIONS §12): AWS S3 or any service that
 * speaks its API (MinIO, Ceph, Cloudflare R2, Backblaze B2…), for practices whose files outgrow the
 * database. Every instance reaches the same bucket. An object's key is `S3_PREFIX` + the storage key;
 * its Content-Type is the file's, and S3 writes an object whole or not at all, so readers never see
 * half of one. Objects outside the prefix are never touched. `listPageSize` (S3's maximum, 1000) is smaller
 * only in tests, to walk several pages.
 */
export function createS3Storage(settings: S3Settings, { listPageSize = 1000 }: { listPageSize?: number } = {}): FileStorage & { close(): void } {
  const client = new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    ...(settings.accessKeyId && settings.secretAccessKey
      ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
      : {}),
    // Checksums only where the API requires them: several S3-compatible services reject the CRC32 checksum
    // headers the SDK sends by default since v3.729. Each upload's SHA-256 is still part of its signature.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A bucket that stops answering must fail the request, not hold it (and its connection) forever.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
  });
  const { bucket, prefix } = settings;
  const objectKey = (key: string) => {
    assertValidStorageKey(key);
    return prefix + key;
  };

  return {
    async put(key: string, data: Buffer, contentType: string): Promise<void> {
      const name = objectKey(key);
      await s3Call('put', () =>
        client.send(new PutObjectCommand({ Bucket: bucket, Key: name, Body: data, ContentType: contentType, ContentLength: data.length })),
      );
    },

    async get(key: string): Promise<StoredFile | null> {
      const name = objectKey(key);
      let response;
      try {
        response = await client.send(new GetObjectCommand({ Bucket: bucket, Key: name }));
      } catch (error) {
        // Only a missing object is "no file"; a missing bucket (NoSuchBucket, also a 404) is a fault.
        if (error instanceof NoSuchKey || (error instanceof S3ServiceException && error.name === 'NoSuchKey')) return null;
        throw s3Error('get', error);
      }
      const data = Buffer.from((await response.Body?.transformToByteArray()) ?? new Uint8Array());
      return { data, contentType: response.ContentType ?? 'application/octet-stream', size: data.length };
    },

    async delete(key: string): Promise<void> {
      // Deleting a missing object succeeds in S3, as deleting twice does in the other stores.
      const name = objectKey(key);
      await s3Call('delete', () => client.send(new DeleteObjectCommand({ Bucket: bucket, Key: name })));
    },

    async sweep(isReferenced, writtenBefore) {
      const orphans: string[] = [];
      let continuationToken: string | undefined;
      do {
        const page = await s3Call('list', () =>
          client.send(
            new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix || undefined, MaxKeys: listPageSize, ContinuationToken: continuationToken }),
          ),
        );
        for (const object of page.Contents ?? []) {
          const key = object.Key?.slice(prefix.length) ?? '';
          if (!isStorageKey(key) || isReferenced(key)) continue;
          if (!object.LastModified || object.LastModified >= writtenBefore) continue;
          orphans.push(key);
        }
        continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (continuationToken);

      for (let start = 0; start < orphans.length; start += DELETE_CONCURRENCY) {
        await Promise.all(
          orphans
            .slice(start, start + DELETE_CONCURRENCY)
            .map((key) => s3Call('delete', () => client.send(new DeleteObjectCommand({ Bucket: bucket, Key: prefix + key })))),
        );
      }
      return orphans.length;
    },

    close() {
      client.destroy();
    },
  };
}

async function s3Call<T>(operation: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw s3Error(operation, error);
  }
}

/**
 * The SDK's error, named by what failed and the service's code (NoSuchBucket, AccessDenied…). Not the SDK's
 * error itself: some carry the access key id and the string that was signed, which stay out of the logs.
 */
function s3Error(operation: string, error: unknown): Error {
  if (error instanceof S3ServiceException) {
    return new Error(`Armazenamento S3: falha em ${operation} (${error.name}, HTTP ${error.$metadata.httpStatusCode ?? '?'}).`);
  }
  return new Error(`Armazenamento S3: falha em ${operation} (${(error as Error)?.message ?? String(error)}).`);
}

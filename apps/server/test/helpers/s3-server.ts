import S3rver from '@20minutes/s3rver';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { s3Client } from '../../src/lib/object-store.ts';

export const MEDIA_BUCKET = 'flick-media';
export const PRIVATE_BUCKET = 'flick-private';

export interface TestS3 {
  /** The address the app talks to (a pass-through in front of the S3 server, which can be told to fail). */
  endpoint: string;
  /** The environment that puts an app's media in this server's buckets. */
  env: Record<string, string>;
  /** From now on, answers 500 to every request `when` picks (null: none), as a failing S3 would. */
  fail(when: ((request: { method: string; key: string }) => boolean) | null): void;
  /** Every key in a bucket under a prefix. */
  keys(bucket: string, prefix?: string): Promise<string[]>;
  close(): Promise<void>;
}

/**
 * A real S3 API server (s3rver: the protocol, path-style, on local files) with the two buckets, for the
 * storage tests. It checks no signature: that is AWS's own business, not the protocol our code speaks.
 */
export async function startTestS3(): Promise<TestS3> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'flick-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    allowMismatchedSignatures: true,
    configureBuckets: [{ name: MEDIA_BUCKET }, { name: PRIVATE_BUCKET }],
  });
  const { port } = await server.run();
  let failing: ((request: { method: string; key: string }) => boolean) | null = null;

  const proxy = http.createServer((request, response) => {
    const key = decodeURIComponent(new URL(request.url ?? '/', 'http://s3').pathname.replace(/^\/[^/]+\//, ''));
    if (failing?.({ method: request.method ?? 'GET', key })) {
      request.resume();
      request.on('end', () => {
        response.writeHead(500, { 'content-type': 'application/xml' });
        response.end('<?xml version="1.0" encoding="UTF-8"?><Error><Code>InternalError</Code><Message>We encountered an internal error.</Message></Error>');
      });
      return;
    }
    const upstream = http.request({ host: '127.0.0.1', port, method: request.method, path: request.url, headers: request.headers }, (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    });
    upstream.on('error', () => response.destroy());
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  const client = s3Client({ endpoint, region: 'us-east-1', credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }, forcePathStyle: true });

  return {
    endpoint,
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: MEDIA_BUCKET,
      S3_PRIVATE_BUCKET: PRIVATE_BUCKET,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      MEDIA_BASE_URL: `${endpoint}/${MEDIA_BUCKET}`,
    },
    fail(when) {
      failing = when;
    },
    async keys(bucket, prefix = '') {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }));
        keys.push(...(page.Contents ?? []).map((object) => object.Key!));
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return keys.sort();
    },
    async close() {
      client.destroy();
      proxy.closeAllConnections();
      await new Promise((resolve) => proxy.close(resolve));
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}

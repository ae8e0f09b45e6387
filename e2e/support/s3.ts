/**
 * Where the S3 journeys run, from E2E_PORT (3210 by default): the web app on local disk at E2E_PORT, the
 * same app on a bucket at E2E_PORT + 1, and that bucket's s3rver at E2E_PORT + 2.
 */
export function s3Settings(env: NodeJS.ProcessEnv = process.env) {
  const base = Number(env.E2E_PORT ?? 3210);
  const port = base + 2;
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    port,
    bucket: 'skillwise-e2e',
    endpoint,
    appPort: base + 1,
    appOrigin: `http://127.0.0.1:${base + 1}`,
    /** The S3_* settings of the app on the bucket. */
    env: {
      S3_BUCKET: 'skillwise-e2e',
      S3_REGION: 'us-east-1',
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
  };
}

/** Every object key in the journeys' bucket, listed through the S3 API. */
export async function bucketObjects(): Promise<string[]> {
  // Loaded here, not with the settings: the Playwright configuration reads those too.
  const { ListObjectsV2Command, S3Client } = await import('@aws-sdk/client-s3');
  const { env } = s3Settings();
  const client = new S3Client({
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT,
    forcePathStyle: true,
    credentials: { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY },
  });
  try {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({ Bucket: env.S3_BUCKET, ContinuationToken: token }),
      );
      keys.push(...(page.Contents ?? []).map((object) => object.Key ?? ''));
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return keys.sort();
  } finally {
    client.destroy();
  }
}

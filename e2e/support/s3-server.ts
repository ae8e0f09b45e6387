// The S3-compatible bucket of the S3 journeys (e2e/s3-storage.spec.ts): s3rver on a fixed loopback port
// with one bucket whose objects the app's origin may GET and HEAD (CORS), the same s3rver as the API
// tests (apps/api/test/s3.ts). It runs until it is stopped, then removes its folder.
import { startTestBucket } from '../../apps/api/test/s3';
import { s3Settings } from './s3';

const { port, bucket, appOrigin } = s3Settings();
const server = await startTestBucket(bucket, { port, corsOrigins: [appOrigin] });
console.log(`S3 bucket ${bucket} at ${server.env.S3_ENDPOINT}, files in ${server.directory}`);

let closing = false;
const stop = () => {
  if (closing) return;
  closing = true;
  server.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);

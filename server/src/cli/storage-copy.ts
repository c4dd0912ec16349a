/**
 * npm run storage:copy
 *
 * Copies the files under DATA_DIR/uploads into the S3 bucket of S3_BUCKET (and
 * the other S3_* settings), with progress. Run it once when moving a shop from
 * local files to object storage, before starting the app servers with S3_BUCKET;
 * running it again copies only what is missing.
 */
import { loadConfig } from '../config';
import { copyUploadsToBucket } from '../storage/copy-to-bucket';
import { S3Storage } from '../storage/s3-storage';

const config = loadConfig();
if (!config.s3) {
  console.error('S3_BUCKET is not set: nothing to copy to (see docs/operations/files.md).');
  process.exit(2);
}
const storage = new S3Storage(config.s3);
if (!(await storage.ping())) {
  console.error(`S3_BUCKET: cannot reach the bucket "${config.s3.bucket}".`);
  process.exit(1);
}
const result = await copyUploadsToBucket(config.uploadsDir, storage, config.s3.bucket, (done, total, key, action) => {
  process.stdout.write(`[${done}/${total}] ${action} ${key}\n`);
});
console.log(`Copied ${result.copied} of ${result.total} files to ${config.s3.bucket} (${result.skipped} already there).`);

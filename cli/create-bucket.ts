/**
 * node build/cli/create-bucket.js (npm run bucket:create): makes the media bucket named by the
 * S3_* variables when it does not exist yet, private, as a new bucket is. For a self-hosted
 * S3-compatible store (compose.yaml runs it once before the servers and workers start); on a
 * provider, create the bucket there with its policy (docs/object-storage.md, "Bucket set-up").
 */
import { CreateBucketCommand, HeadBucketCommand, S3ServiceException } from '@aws-sdk/client-s3'
import { prepareEnvironment } from '../core/bootstrap.js'
import { ConfigError, loadConfig } from '../core/config.js'
import { createS3Client } from '../core/services/media/store-s3.js'

prepareEnvironment()
let settings
try {
  settings = loadConfig({ ...process.env, MEDIA_STORE: 's3' }).mediaStore
} catch (error) {
  if (!(error instanceof ConfigError)) throw error
  console.error(error.message)
  process.exit(1)
}
if (settings.kind !== 's3') throw new Error('not an S3 configuration')

const client = createS3Client(settings)
const where = `bucket ${settings.bucket}${settings.endpoint ? ` at ${settings.endpoint}` : ''}`
let exitCode = 0
try {
  const status = await client.send(new HeadBucketCommand({ Bucket: settings.bucket })).then(
    () => 200,
    (error: unknown) => {
      if (error instanceof S3ServiceException) return error.$metadata.httpStatusCode ?? 500
      throw error
    },
  )
  if (status === 200) {
    console.log(`${where}: exists`)
  } else if (status === 404) {
    await client.send(new CreateBucketCommand({ Bucket: settings.bucket }))
    console.log(`${where}: created`)
  } else {
    console.error(`${where}: answers ${status} to these keys`)
    exitCode = 1
  }
} catch (error) {
  console.error(`${where}: ${(error as Error).message}`)
  exitCode = 1
} finally {
  client.destroy()
}
process.exit(exitCode)

/**
 * npm run media:migrate -- --to s3
 * Copies the local media store (MEDIA_DIR: sources, public and protected files) into the
 * bucket named by the S3_* variables, under the same stored paths, so the database needs no
 * change. Resumable (files already there with the same size are skipped), checks every size
 * afterwards, and says what to set to switch over. The local files stay until you remove them.
 */
import { parseArgs } from 'node:util'
import { prepareEnvironment } from '../core/bootstrap.js'
import { ConfigError, loadConfig } from '../core/config.js'
import { migrateToS3 } from '../core/services/media/migrate.js'
import { S3MediaStore } from '../core/services/media/store-s3.js'

const USAGE = 'Usage: npm run media:migrate -- --to s3   (with S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY and, for another provider, S3_ENDPOINT set)'
const { values } = parseArgs({ options: { to: { type: 'string' }, help: { type: 'boolean' } } })
if (values.help || values.to !== 's3') {
  console.log(USAGE)
  process.exit(values.help ? 0 : 1)
}

prepareEnvironment()
let settings
let mediaDir: string
try {
  const config = loadConfig({ ...process.env, MEDIA_STORE: 's3' })
  settings = config.mediaStore
  mediaDir = config.mediaDir
} catch (error) {
  if (!(error instanceof ConfigError)) throw error
  console.error(error.message)
  process.exit(1)
}
if (settings.kind !== 's3') throw new Error('not an S3 configuration')

const store = new S3MediaStore(mediaDir, settings)
const started = performance.now()
const report = await migrateToS3(mediaDir, store, (line) => console.log(line))
const seconds = (performance.now() - started) / 1000
console.log(
  `copied ${report.uploaded} files (${(report.uploadedBytes / 1e6).toFixed(1)} MB) in ${seconds.toFixed(1)} s; ${report.skipped} were already there; ` +
    `${report.files - report.mismatched.length} of ${report.files} files checked in bucket ${settings.bucket}`,
)
if (report.mismatched.length) {
  console.error(
    `${report.mismatched.length} files differ in size in the bucket (run again): ${report.mismatched.slice(0, 5).join(', ')}${report.mismatched.length > 5 ? ' …' : ''}`,
  )
  process.exit(1)
}
console.log(`To switch over, start every server and worker with MEDIA_STORE=s3 and the same S3_* variables.`)
console.log(`The files under ${mediaDir} are no longer read then; remove them once the site plays from the bucket.`)
store.client.destroy()

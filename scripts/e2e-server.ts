/**
 * The product as the browser tests see it: `npm start` on a fresh data folder (DATA_DIR is
 * removed first, so every run seeds the same demo catalog). With E2E_MEDIA_STORE=s3 the media
 * go to a bucket of a local S3-compatible server started here first (files under DATA_DIR/s3).
 */
import fs from 'node:fs'
import path from 'node:path'
import { stopOrphanedServer } from '../core/db/embedded-postgres.js'
import { localS3Env, startLocalS3 } from './s3-server.js'

const dataDir = path.resolve(process.env.DATA_DIR ?? '.data/e2e')
if (!dataDir.includes(`${path.sep}.data${path.sep}`)) throw new Error(`refusing to wipe ${dataDir}`)
await stopOrphanedServer(path.join(dataDir, 'postgres'))
fs.rmSync(dataDir, { recursive: true, force: true })
if (process.env.E2E_MEDIA_STORE === 's3') {
  const bucket = 'e2e-media'
  const s3 = await startLocalS3(0, path.join(dataDir, 's3'), [bucket])
  Object.assign(process.env, localS3Env(s3.endpoint, bucket))
}
await import('./start.js')

/**
 * The product as the browser tests see it: `npm start` on a fresh data folder (DATA_DIR is
 * removed first, so every run seeds the same demo catalog).
 */
import fs from 'node:fs'
import path from 'node:path'
import { stopOrphanedServer } from '../server/db/embedded-postgres.js'

const dataDir = path.resolve(process.env.DATA_DIR ?? '.data/e2e')
if (!dataDir.includes(`${path.sep}.data${path.sep}`)) throw new Error(`refusing to wipe ${dataDir}`)
await stopOrphanedServer(path.join(dataDir, 'postgres'))
fs.rmSync(dataDir, { recursive: true, force: true })
await import('./start.js')

/**
 * A local S3-compatible server as a process of its own (as a real one would be), for benches:
 * `node --import tsx scripts/local-s3.ts <directory> <bucket>` listens on any free port of
 * 127.0.0.1, prints `s3 <endpoint>` once it answers, and stops (removing its files) on SIGTERM.
 */
import { startLocalS3 } from './s3-server.js'

const [directory, bucket] = process.argv.slice(2)
if (!directory || !bucket) throw new Error('usage: local-s3.ts <directory> <bucket>')
const s3 = await startLocalS3(0, directory, [bucket])
console.log(`s3 ${s3.endpoint}`)
process.on('SIGTERM', () => void s3.stop().then(() => process.exit(0)))

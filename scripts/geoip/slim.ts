/**
 * node --import tsx scripts/geoip/slim.ts OUT_DIR: the DB-IP Lite databases as the container image ships
 * them (scripts/geoip/dbip.ts says what is kept); the Dockerfile runs it.
 */
import { writeSlimGeoipFolder } from './dbip.js'

const out = process.argv[2]
if (!out) {
  console.error('usage: node --import tsx scripts/geoip/slim.ts OUT_DIR')
  process.exit(2)
}
const mb = (bytes: number) => (bytes / 1e6).toFixed(1)
for (const { file, before, after } of writeSlimGeoipFolder(out)) console.log(`${file}: ${mb(before)} MB → ${mb(after)} MB`)

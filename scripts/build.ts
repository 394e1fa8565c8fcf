/**
 * npm run build: the browser's files (dist/client) and the server renderer (dist/server), the
 * fingerprint `npm start` compares to skip the client build when nothing changed, and the
 * compiled server, worker and command-line tools (build/: `npm run server`, `npm run worker`,
 * `node build/cli/<tool>.js`), and the slimmed IP-location data the server reads (dist/geoip).
 */
import { BUILT_GEOIP_DIR } from '../core/config.js'
import { build } from './client-build.js'
import { compile } from './compile.js'
import { ensureSlimGeoipFolder } from './geoip/dbip.js'

await build()
let started = performance.now()
const modules = await compile()
console.log(`compiled ${modules} modules into build/ in ${Math.round(performance.now() - started)} ms`)
started = performance.now()
const geoip = ensureSlimGeoipFolder(BUILT_GEOIP_DIR)
const mb = (bytes: number) => (bytes / 1e6).toFixed(0)
console.log(
  geoip === 'current'
    ? `${BUILT_GEOIP_DIR}: current`
    : `slimmed the DB-IP databases into ${BUILT_GEOIP_DIR} in ${Math.round(performance.now() - started)} ms: ${mb(geoip.reduce((sum, file) => sum + file.before, 0))} → ${mb(geoip.reduce((sum, file) => sum + file.after, 0))} MB`,
)

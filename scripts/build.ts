/**
 * npm run build: the browser's files (dist/client) and the server renderer (dist/server), the
 * fingerprint `npm start` compares to skip the client build when nothing changed, and the
 * compiled server, worker and command-line tools (build/: `npm run server`, `npm run worker`,
 * `node build/cli/<tool>.js`).
 */
import { build } from './client-build.js'
import { compile } from './compile.js'

await build()
const started = performance.now()
const modules = await compile()
console.log(`compiled ${modules} modules into build/ in ${Math.round(performance.now() - started)} ms`)

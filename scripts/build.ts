/**
 * npm run build: the browser's files (dist/client) and the server renderer (dist/server), and
 * the fingerprint `npm start` compares to skip the build when nothing changed.
 */
import { build } from './client-build.js'

await build()

/** The server process (serve.ts), its code compiled through Node's compile cache (core/compile-cache.ts). */
import { enableCompileCache } from '../core/compile-cache.js'

enableCompileCache()
await import('./serve.js')

/** The worker process (work.ts), its code compiled through Node's compile cache (core/compile-cache.ts). */
import { enableCompileCache } from '../core/compile-cache.js'

enableCompileCache()
await import('./work.js')

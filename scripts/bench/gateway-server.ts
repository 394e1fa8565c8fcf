/**
 * The app for scripts/bench/gateway.ts: with BENCH_GATEWAY_CHECK=signature the media gateway
 * checks the signed URL alone (as before the session check existed), with `session` it also
 * confirms the session and the membership (the default check). Needs DATABASE_URL, PORT and
 * MEDIA_DIR.
 */
import { serveBenchApp } from './bench-app.js'

await serveBenchApp(process.env.BENCH_GATEWAY_CHECK === 'signature' ? { mediaAccess: { allows: async () => true } } : {})

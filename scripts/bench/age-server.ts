/**
 * The app for scripts/bench/age.ts: with BENCH_AGE=open every request gets today's open answer
 * (no location lookup, no policy); with `policy` the age-assurance resolver runs as in
 * production. Needs DATABASE_URL and PORT.
 */
import { OPEN_ACCESS } from '../../core/domain/age/access.js'
import { serveBenchApp } from './bench-app.js'

await serveBenchApp(process.env.BENCH_AGE === 'open' ? { resolveAgeAccess: () => OPEN_ACCESS } : {})

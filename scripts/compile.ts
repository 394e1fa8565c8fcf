/**
 * The Node half of `npm run build`: the server, the worker and the command-line tools bundled
 * into build/ (`node build/server/main.js`, `node build/worker/main.js`, `node build/cli/<tool>.js`),
 * and the migrations transpiled one to one into build/migrations, where the migrator reads them.
 *
 * Bundled because a start spent most of its time loading modules one by one: our 330 modules
 * become 3 entries and about 30 shared chunks (build/chunks/), the lazily imported parts in
 * chunks of their own. Packages stay in node_modules (imported as they are, native addons
 * included). Every file of build/ sits one folder below it, which the few paths built from
 * import.meta.url count on (core/db/mikro-orm.config.ts, worker/backup-process.ts). No type
 * check here: that is `npm run typecheck` (tsc --noEmit).
 */
import fs from 'node:fs'
import path from 'node:path'
import { build, type BuildOptions } from 'esbuild'

const ROOT = path.resolve(import.meta.dirname, '..')
export const COMPILED_DIR = path.join(ROOT, 'build')

const common: BuildOptions = {
  absWorkingDir: ROOT,
  format: 'esm',
  platform: 'node',
  target: 'node22.18',
  sourcemap: 'linked',
  logLevel: 'warning',
}

/** Builds build/ afresh; returns how many modules of ours went into it. */
export async function compile(): Promise<number> {
  fs.rmSync(COMPILED_DIR, { recursive: true, force: true })
  const bundled = await build({
    ...common,
    entryPoints: ['server/main.ts', 'worker/main.ts', ...fs.globSync('cli/*.ts', { cwd: ROOT })],
    outdir: COMPILED_DIR,
    outbase: ROOT,
    entryNames: '[dir]/[name]',
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    splitting: true,
    packages: 'external',
    metafile: true,
  })
  const migrations = fs.globSync('migrations/*.ts', { cwd: ROOT }).filter((file) => !file.endsWith('.d.ts'))
  await build({ ...common, entryPoints: migrations, outdir: path.join(COMPILED_DIR, 'migrations') })
  // Node reads build/**/*.js as ES modules through the root package.json's "type": "module".
  return Object.keys(bundled.metafile.inputs).length + migrations.length
}

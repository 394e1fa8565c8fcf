/**
 * The Node half of `npm run build`: every module of the server, the worker, the command-line
 * tools and what they import (core/, i18n/, migrations/) transpiled one to one into build/,
 * the folder layout kept, so paths built from import.meta.url hold as in the sources and
 * `node build/server/main.js` runs without tsx. No bundling and no type check here: that is
 * `npm run typecheck` (tsc --noEmit).
 */
import fs from 'node:fs'
import path from 'node:path'
import { build } from 'esbuild'

const ROOT = path.resolve(import.meta.dirname, '..')
export const COMPILED_DIR = path.join(ROOT, 'build')
const SOURCES = ['core/**/*.ts', 'server/**/*.ts', 'worker/**/*.ts', 'cli/**/*.ts', 'i18n/**/*.ts', 'migrations/*.ts']

export async function compile(): Promise<number> {
  const entryPoints = fs.globSync(SOURCES, { cwd: ROOT }).filter((file) => !file.endsWith('.d.ts') && !file.endsWith('.test.ts'))
  fs.rmSync(COMPILED_DIR, { recursive: true, force: true })
  await build({
    absWorkingDir: ROOT,
    entryPoints,
    outdir: COMPILED_DIR,
    outbase: ROOT,
    format: 'esm',
    platform: 'node',
    target: 'node22.18',
    sourcemap: 'linked',
    logLevel: 'warning',
  })
  // Node reads build/**/*.js as ES modules through the root package.json's "type": "module".
  return entryPoints.length
}

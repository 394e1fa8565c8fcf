import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import { defineConfig, type Plugin } from 'vite'
import react from '@vitejs/plugin-react'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import postcssPresetMantine from 'postcss-preset-mantine'
import { compression, defineAlgorithm } from 'vite-plugin-compression2'

const root = path.resolve(import.meta.dirname, 'src')

/**
 * Writes dist/.build/<client|server>-inputs.json: the project's own files the build read
 * (node_modules aside). `npm start` hashes them, with src/, i18n/ and the lock file, to skip
 * the build when nothing changed (scripts/client-build.ts).
 */
function recordInputs(name: 'client' | 'server'): Plugin {
  return {
    name: 'streamclub:record-inputs',
    apply: 'build',
    generateBundle() {
      const files = new Set<string>()
      for (const id of this.getModuleIds()) {
        const file = id.split('?')[0]!
        if (!path.isAbsolute(file) || file.includes(`${path.sep}node_modules${path.sep}`)) continue
        const relative = path.relative(import.meta.dirname, file)
        if (!relative.startsWith('..') && fs.existsSync(file)) files.add(relative.split(path.sep).join('/'))
      }
      const target = path.resolve(import.meta.dirname, 'dist/.build', `${name}-inputs.json`)
      fs.mkdirSync(path.dirname(target), { recursive: true })
      fs.writeFileSync(target, JSON.stringify([...files].sort(), null, 1))
    },
  }
}

/**
 * Marks the entry chunk for eager compilation (V8's explicit compile hints, Chromium 136 and
 * later): the browser then compiles its functions while the file streams in, on a background
 * thread, instead of one at a time on the main thread as each is first called while the page
 * starts. Nearly all of that lazy compiling was the entry's (about 1,300 functions, 30–40 ms of a
 * phone-class core); the route chunks are small and start little. Browsers without the hint read
 * a comment. The hint counts only as the file's very first line, above the preload map Vite
 * writes last, so it is added to the written file and its compressed copies.
 */
function compileEntryEagerly(): Plugin {
  const HINT = '//# allFunctionsCalledOnLoad\n'
  return {
    name: 'streamclub:compile-entry-eagerly',
    apply: 'build',
    writeBundle(options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || !chunk.isEntry) continue
        const file = path.join(options.dir!, chunk.fileName)
        const code = Buffer.from(HINT + fs.readFileSync(file, 'utf8'))
        fs.writeFileSync(file, code)
        const size = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: code.length } }
        if (fs.existsSync(`${file}.br`)) fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(code, size))
        if (fs.existsSync(`${file}.gz`)) fs.writeFileSync(`${file}.gz`, zlib.gzipSync(code, { level: 9 }))
        // One line more at the top: the source map's lines move down by one.
        if (fs.existsSync(`${file}.map`)) {
          const map = JSON.parse(fs.readFileSync(`${file}.map`, 'utf8')) as { mappings: string }
          fs.writeFileSync(`${file}.map`, JSON.stringify({ ...map, mappings: `;${map.mappings}` }))
        }
      }
    },
  }
}

const PUBLIC_UI = new RegExp(
  [
    String.raw`node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]`,
    String.raw`(Alert|Anchor|Avatar|Badge|Button|CloseButton|Grid|Group|Input|InputBase|Loader|NativeSelect|Paper|SimpleGrid|Skeleton|Stack|Text|Title|Transition|UnstyledButton`,
    String.raw`|Combobox[\\/](ComboboxChevron|get-parsed-combobox-data))[\\/]`,
  ].join(''),
)

const scopedNames = new Map<string, string>()
function scopedName(name: string, file: string): string {
  const id = `${path
    .relative(import.meta.dirname, file.split('?')[0]!)
    .split(path.sep)
    .join('/')}:${name}`
  const short = `_${crypto.createHash('sha1').update(id).digest('base64url').replace(/[-_]/g, '').slice(0, 5)}`
  if ((scopedNames.get(short) ?? id) !== id) throw new Error(`CSS module classes ${id} and ${scopedNames.get(short)} hash alike: make the name longer`)
  scopedNames.set(short, id)
  return short
}

export default defineConfig(({ isSsrBuild }) => ({
  root,
  publicDir: path.join(root, 'public'),
  plugins: [
    // Paths are relative to Vite's root (src/).
    tanstackRouter({ target: 'react', autoCodeSplitting: true, routesDirectory: 'routes', generatedRouteTree: 'routeTree.gen.ts' }),
    react(),
    // Brotli and gzip copies of every built file, served from memory (server/http/built-files.ts).
    recordInputs(isSsrBuild ? 'server' : 'client'),
    ...(isSsrBuild ? [] : [compileEntryEagerly()]),
    ...(isSsrBuild ? [] : [compression({ algorithms: [defineAlgorithm('brotliCompress'), defineAlgorithm('gzip')], exclude: [/\.map$/], threshold: 1024 })]),
  ],
  css: {
    // eslint-disable-next-line @typescript-eslint/no-unsafe-call -- postcss-preset-mantine ships no types
    postcss: { plugins: [postcssPresetMantine()] },
    // CSS modules' classes as short names (a card carries a dozen of them, a page dozens of cards):
    // a hash of the file and the class, the same in the browser's and the server's build.
    modules: { generateScopedName: (name: string, file: string) => scopedName(name, file) },
  },
  // The server renderer carries its libraries (React, Mantine, the router…) in its bundle, built for
  // production whatever NODE_ENV the server runs with: loaded from node_modules at run time, React
  // picked its development build whenever NODE_ENV was not "production" (as under `npm start`),
  // which made every render several times slower. tRPC's client stays shared with the server: the
  // pages tell its errors apart with instanceof TRPCClientError, and the in-process client that
  // raises them is the server's.
  ...(isSsrBuild
    ? { ssr: { noExternal: true, external: ['@trpc/client', '@trpc/server'] }, define: { 'process.env.NODE_ENV': JSON.stringify('production') } }
    : {}),
  build: isSsrBuild
    ? {
        outDir: path.resolve(import.meta.dirname, 'dist/server'),
        emptyOutDir: true,
        rollupOptions: { input: path.join(root, 'entry-server.tsx') },
      }
    : {
        outDir: path.resolve(import.meta.dirname, 'dist/client'),
        emptyOutDir: true,
        sourcemap: true,
        manifest: true,
        rollupOptions: {
          input: path.join(root, 'main.tsx'),
          output: {
            // Everything the entry imports statically is needed by every page anyway: one chunk
            // (brotli compresses one file better than dozens of small ones).
            codeSplitting: {
              groups: [
                { name: 'app', tags: ['$initial'], priority: 2 },
                // The catalog's cards and their grid, shared by the home page, the lists and the detail pages:
                // one chunk (fewer requests, better compression) rather than a dozen small ones.
                { name: 'catalog', test: /src[\\/]features[\\/]catalog[\\/](cards[\\/]|CardGrid|queries)/, priority: 1 },
                // Mantine's parts the public pages below the home page use (layout, text, buttons, the sort
                // select): one chunk rather than about thirty of a few hundred bytes, each of which costs
                // a phone a request and a module to set up as the page starts.
                { name: 'ui', test: PUBLIC_UI, priority: 1 },
              ],
            },
          },
        },
      },
}))

import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { negotiate } from '@fastify/accept-negotiator'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'

/**
 * The built client (dist/client) served from memory: every file with the brotli and gzip
 * copies the build made of it (vite-plugin-compression2), chosen by the request's
 * Accept-Encoding, so nothing is compressed per request and no file is opened per request.
 * Hashed names under /assets/ never change: browsers and caches keep them a year. Source maps
 * are read from disk when asked for (developer tools only), uncompressed.
 */

type Encoding = 'br' | 'gzip' | 'identity'

interface BuiltFile {
  type: string
  cacheControl: string
  etag: string
  /** The file as built, and its precompressed copies when the build made them. */
  bodies: Partial<Record<Encoding, Buffer>>
  /** The encodings there are, best first (for negotiation). */
  encodings: Encoding[]
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.ico': 'image/x-icon',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
}

const IMMUTABLE = 'public, max-age=31536000, immutable'
/** Files without a hash in their name (the favicon): kept a day, then checked again by ETag. */
const REVALIDATED = 'public, max-age=86400'

/** Every file under `dir` (relative paths with forward slashes), the build's manifest folder aside. */
function listFiles(dir: string, prefix = ''): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const relative = `${prefix}${entry.name}`
    if (entry.isDirectory()) return entry.name === '.vite' ? [] : listFiles(path.join(dir, entry.name), `${relative}/`)
    return [relative]
  })
}

/** Reads the built client into memory: site path → file with its encodings. */
function readBuiltFiles(clientDir: string): Map<string, BuiltFile> {
  const files = new Map<string, BuiltFile>()
  const all = new Set(listFiles(clientDir))
  for (const relative of all) {
    if (relative.endsWith('.br') || relative.endsWith('.gz') || relative.endsWith('.map')) continue
    const file = path.join(clientDir, relative)
    const raw = fs.readFileSync(file)
    const bodies: BuiltFile['bodies'] = { identity: raw }
    if (all.has(`${relative}.br`)) bodies.br = fs.readFileSync(`${file}.br`)
    if (all.has(`${relative}.gz`)) bodies.gzip = fs.readFileSync(`${file}.gz`)
    files.set(`/${relative}`, {
      type: TYPES[path.extname(relative).toLowerCase()] ?? 'application/octet-stream',
      cacheControl: relative.startsWith('assets/') ? IMMUTABLE : REVALIDATED,
      etag: `W/"${crypto.createHash('sha1').update(raw).digest('base64url').slice(0, 20)}"`,
      bodies,
      encodings: (['br', 'gzip', 'identity'] as const).filter((encoding) => bodies[encoding]),
    })
  }
  return files
}

/** Accept-Encoding values browsers send are few: their answers are remembered (a bounded number). */
const negotiated = new Map<string, Encoding>()

function chooseEncoding(header: string | undefined, file: BuiltFile): Encoding {
  if (file.encodings.length === 1 || !header) return 'identity'
  const key = `${file.encodings.join()}|${header}`
  let encoding = negotiated.get(key)
  if (!encoding) {
    encoding = (negotiate(header, file.encodings) ?? 'identity') as Encoding
    if (negotiated.size < 200) negotiated.set(key, encoding)
  }
  return encoding
}

function send(req: FastifyRequest, reply: FastifyReply, file: BuiltFile) {
  void reply.header('content-type', file.type).header('cache-control', file.cacheControl).header('etag', file.etag)
  if (file.encodings.length > 1) void reply.header('vary', 'Accept-Encoding')
  if (req.headers['if-none-match'] === file.etag) return reply.code(304).send()
  const encoding = chooseEncoding(req.headers['accept-encoding'], file)
  if (encoding !== 'identity') void reply.header('content-encoding', encoding)
  return reply.send(file.bodies[encoding])
}

/**
 * Serves the built client from memory (see the top of this file). Registers a route per
 * top-level file (favicon) and one for /assets/*; other paths go on to the page renderer.
 */
export function registerBuiltFiles(app: FastifyInstance, clientDir: string): void {
  const files = readBuiltFiles(clientDir)
  // Answers are compressed already (or too small to gain): the compression plugin keeps off them.
  const options = { compress: false as const }
  for (const [sitePath, file] of files) {
    if (!sitePath.startsWith('/assets/')) app.get(sitePath, options, (req, reply) => send(req, reply, file))
  }
  app.get('/assets/*', options, (req, reply) => {
    const sitePath = req.url.split('?')[0]!
    const file = files.get(sitePath)
    if (file) return send(req, reply, file)
    if (sitePath.endsWith('.map') && files.has(sitePath.slice(0, -'.map'.length))) {
      const map = path.join(clientDir, ...sitePath.split('/').filter(Boolean))
      if (fs.existsSync(map))
        return reply.header('content-type', 'application/json; charset=utf-8').header('cache-control', IMMUTABLE).send(fs.createReadStream(map))
    }
    return reply.callNotFound()
  })
}

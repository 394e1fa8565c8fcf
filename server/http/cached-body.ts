import crypto from 'node:crypto'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import { negotiate } from '@fastify/accept-negotiator'
import type { FastifyRequest } from 'fastify'

export type BodyEncoding = 'br' | 'gzip' | 'identity'

const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)

/**
 * A body the server keeps in memory and answers many times (a rendered page, a public API
 * answer): each encoding is made once, on first demand, in libuv's thread pool (not on the event
 * loop, where it held up every other request), and its ETag once. Brotli quality 5: a page comes
 * out within 2 % of quality 9's size at about a tenth of its time (measured on a video page and
 * the home page of the bench catalog). Its window just fits the body: the same bytes as brotli's
 * default 4 MB window, with about half the event loop's share of the work (setting up the
 * encoder) and less in all (measured on 6–240 KB bodies).
 */
export class CachedBody {
  #br?: Promise<Buffer>
  #gzip?: Promise<Buffer>
  #tag?: string

  constructor(readonly text: string) {}

  encoded(encoding: BodyEncoding): Promise<Buffer> | string {
    if (encoding === 'br') return (this.#br ??= brotliOf(this.text))
    if (encoding === 'gzip') return (this.#gzip ??= gzip(this.text, { level: 6 }))
    return this.text
  }

  /** A short fingerprint of the body, for ETag. */
  get tag(): string {
    return (this.#tag ??= `"${crypto.hash('sha1', this.text, 'base64url').slice(0, 16)}"`)
  }
}

function brotliOf(text: string): Promise<Buffer> {
  const bytes = Buffer.byteLength(text)
  // The smallest window that holds the body, within brotli's bounds.
  const window = Math.max(zlib.constants.BROTLI_MIN_WINDOW_BITS, Math.min(zlib.constants.BROTLI_MAX_WINDOW_BITS, Math.ceil(Math.log2(bytes + 16))))
  return brotli(text, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes, [zlib.constants.BROTLI_PARAM_LGWIN]: window },
  })
}

/** The best encoding the request accepts: brotli, gzip or none. */
export function acceptedEncoding(req: FastifyRequest): BodyEncoding {
  return (negotiate(req.headers['accept-encoding'] ?? '', ['br', 'gzip', 'identity']) ?? 'identity') as BodyEncoding
}

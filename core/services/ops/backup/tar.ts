import fs from 'node:fs/promises'
import path from 'node:path'
import type { Writable } from 'node:stream'

/**
 * A small ustar writer and reader for backups. Written here rather than taken from a
 * package because a database file may shrink or vanish while it is copied: the writer
 * then pads it with zeros to the size it announced (as pg_basebackup does; WAL replay
 * rewrites those pages) or leaves it out, where general tar writers stop with an error.
 */
const BLOCK = 512
const CHUNK = 1024 * 1024

export class TarWriter {
  private written = 0

  constructor(private readonly out: Writable) {}

  /** Bytes written so far (before compression). */
  get size(): number {
    return this.written
  }

  async directory(name: string, mode = 0o700, mtime = new Date()): Promise<void> {
    await this.push(header(name.endsWith('/') ? name : `${name}/`, { size: 0, mode, mtime, type: '5' }))
  }

  async buffer(name: string, data: Buffer, mode = 0o600, mtime = new Date()): Promise<void> {
    await this.push(header(name, { size: data.length, mode, mtime, type: '0' }))
    await this.push(data)
    await this.pad(data.length)
  }

  /**
   * Adds a file as it is now: its size when opened is what the entry holds (a file that
   * grows is cut there, one that shrinks is padded with zeros). Returns false when the file
   * vanished before it could be opened.
   */
  async file(name: string, source: string): Promise<boolean> {
    const handle = await fs.open(source, 'r').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return null
      throw error
    })
    if (!handle) return false
    try {
      const stat = await handle.stat()
      await this.push(header(name, { size: stat.size, mode: stat.mode & 0o7777, mtime: stat.mtime, type: '0' }))
      let left = stat.size
      while (left > 0) {
        const chunk = Buffer.allocUnsafe(Math.min(CHUNK, left))
        const { bytesRead } = await handle.read(chunk, 0, chunk.length, null)
        if (bytesRead === 0) {
          await this.push(Buffer.alloc(left))
          break
        }
        await this.push(bytesRead === chunk.length ? chunk : chunk.subarray(0, bytesRead))
        left -= bytesRead
      }
      await this.pad(stat.size)
      return true
    } finally {
      await handle.close()
    }
  }

  /** The end-of-archive marker; then the stream is ended and flushed. */
  async finish(): Promise<void> {
    await this.push(Buffer.alloc(BLOCK * 2))
    await new Promise<void>((resolve, reject) => {
      this.out.once('error', reject)
      this.out.end(() => resolve())
    })
  }

  private async pad(size: number): Promise<void> {
    const rest = size % BLOCK
    if (rest) await this.push(Buffer.alloc(BLOCK - rest))
  }

  private async push(chunk: Buffer): Promise<void> {
    this.written += chunk.length
    if (!this.out.write(chunk)) {
      await new Promise<void>((resolve, reject) => {
        const onError = (error: Error) => {
          this.out.off('drain', onDrain)
          reject(error)
        }
        const onDrain = () => {
          this.out.off('error', onError)
          resolve()
        }
        this.out.once('drain', onDrain)
        this.out.once('error', onError)
      })
    }
  }
}

function header(name: string, { size, mode, mtime, type }: { size: number; mode: number; mtime: Date; type: '0' | '5' }): Buffer {
  const block = Buffer.alloc(BLOCK)
  const [prefix, base] = splitName(name)
  block.write(base, 0, 100, 'utf8')
  octal(block, 100, 8, mode)
  octal(block, 108, 8, 0)
  octal(block, 116, 8, 0)
  if (size < 0o77777777777) octal(block, 124, 12, size)
  else {
    // Base-256 (GNU) for 8 GiB and more.
    block[124] = 0x80
    block.writeBigUInt64BE(BigInt(size), 132)
  }
  octal(block, 136, 12, Math.floor(mtime.getTime() / 1000))
  block.write('        ', 148, 8, 'latin1')
  block.write(type, 156, 1, 'latin1')
  block.write('ustar\u000000', 257, 8, 'latin1')
  block.write(prefix, 345, 155, 'utf8')
  let sum = 0
  for (const byte of block) sum += byte
  block.write(`${sum.toString(8).padStart(6, '0')}\u0000 `, 148, 8, 'latin1')
  return block
}

function octal(block: Buffer, offset: number, length: number, value: number): void {
  block.write(`${value.toString(8).padStart(length - 1, '0')}\u0000`, offset, length, 'latin1')
}

function splitName(name: string): [string, string] {
  if (Buffer.byteLength(name) <= 100) return ['', name]
  for (let at = name.indexOf('/'); at > 0; at = name.indexOf('/', at + 1)) {
    const prefix = name.slice(0, at)
    const base = name.slice(at + 1)
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(base) <= 100) return [prefix, base]
  }
  throw new Error(`name too long for the archive: ${name}`)
}

/** Reads exactly the bytes asked for from a stream of chunks. */
class ByteReader {
  private chunks: Buffer[] = []
  private length = 0
  private ended = false

  constructor(private readonly source: AsyncIterator<Buffer>) {}

  async exactly(n: number): Promise<Buffer | null> {
    await this.fill(n)
    if (this.length < n) return null
    return this.take(n)
  }

  /** Up to n bytes (at least one unless the stream ended). */
  async some(n: number): Promise<Buffer | null> {
    await this.fill(1)
    if (this.length === 0) return null
    return this.take(Math.min(n, this.length))
  }

  private async fill(n: number): Promise<void> {
    while (this.length < n && !this.ended) {
      const next = await this.source.next()
      if (next.done) this.ended = true
      else {
        this.chunks.push(next.value)
        this.length += next.value.length
      }
    }
  }

  private take(n: number): Buffer {
    const first = this.chunks[0]!
    let out: Buffer
    if (first.length >= n) {
      out = first.subarray(0, n)
      if (first.length === n) this.chunks.shift()
      else this.chunks[0] = first.subarray(n)
    } else {
      out = Buffer.allocUnsafe(n)
      let at = 0
      while (at < n) {
        const chunk = this.chunks[0]!
        const used = Math.min(chunk.length, n - at)
        chunk.copy(out, at, 0, used)
        at += used
        if (used === chunk.length) this.chunks.shift()
        else this.chunks[0] = chunk.subarray(used)
      }
    }
    this.length -= n
    return out
  }
}

export interface TarEntry {
  name: string
  type: 'file' | 'directory'
  size: number
  mode: number
  mtime: Date
}

/**
 * Unpacks an archive made by TarWriter. `route(name)` says where an entry goes (an
 * absolute path) or null to skip it; every entry must stay inside `root`. Returns the
 * entries read. A damaged archive (bad checksum, cut short) throws.
 */
export async function extractTar(
  input: AsyncIterable<Buffer>,
  root: string,
  route: (entry: TarEntry) => string | null,
  onBuffer?: (entry: TarEntry, data: Buffer) => void,
): Promise<TarEntry[]> {
  const reader = new ByteReader(input[Symbol.asyncIterator]())
  const entries: TarEntry[] = []
  const resolvedRoot = path.resolve(root)
  for (;;) {
    const block = await reader.exactly(BLOCK)
    if (!block) throw new Error('the archive ends without its end marker (cut short?)')
    if (block.every((byte) => byte === 0)) return entries
    const entry = parseHeader(block)
    const padded = Math.ceil(entry.size / BLOCK) * BLOCK
    const target = route(entry)
    if (target !== null && !(path.resolve(target) + path.sep).startsWith(resolvedRoot + path.sep)) {
      throw new Error(`archive entry ${entry.name} points outside ${root}`)
    }
    entries.push(entry)
    if (entry.type === 'directory') {
      if (target) await fs.mkdir(target, { recursive: true, mode: entry.mode })
      if (padded) await skip(reader, padded)
      continue
    }
    if (!target) {
      if (onBuffer && entry.size <= CHUNK) {
        const data = await reader.exactly(padded)
        if (!data) throw new Error(`the archive is cut short in ${entry.name}`)
        onBuffer(entry, data.subarray(0, entry.size))
      } else await skip(reader, padded)
      continue
    }
    await fs.mkdir(path.dirname(target), { recursive: true, mode: 0o700 })
    const handle = await fs.open(target, 'w', entry.mode)
    try {
      let left = entry.size
      while (left > 0) {
        const chunk = await reader.some(Math.min(left, CHUNK))
        if (!chunk) throw new Error(`the archive is cut short in ${entry.name}`)
        await handle.write(chunk)
        left -= chunk.length
      }
    } finally {
      await handle.close()
    }
    await fs.utimes(target, entry.mtime, entry.mtime)
    if (padded > entry.size) await skip(reader, padded - entry.size)
  }
}

async function skip(reader: ByteReader, n: number): Promise<void> {
  let left = n
  while (left > 0) {
    const chunk = await reader.some(Math.min(left, CHUNK))
    if (!chunk) throw new Error('the archive is cut short')
    left -= chunk.length
  }
}

function parseHeader(block: Buffer): TarEntry {
  const stored = parseInt(
    block
      .toString('latin1', 148, 156)
      .replace(/[\0 ]+$/, '')
      .trim(),
    8,
  )
  let sum = 0
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : block[i]!
  if (stored !== sum) throw new Error('the archive is damaged (header checksum)')
  const text = (from: number, length: number) => {
    const raw = block.subarray(from, from + length)
    const end = raw.indexOf(0)
    return raw.subarray(0, end < 0 ? length : end).toString('utf8')
  }
  const number = (from: number, length: number) =>
    block[from]! & 0x80 ? Number(block.readBigUInt64BE(from + length - 8)) : parseInt(text(from, length).trim() || '0', 8)
  const prefix = text(345, 155)
  const base = text(0, 100)
  const flag = String.fromCharCode(block[156]!)
  if (flag !== '0' && flag !== '\0' && flag !== '5') throw new Error(`unexpected entry type "${flag}" in the archive`)
  return {
    name: (prefix ? `${prefix}/${base}` : base).replace(/\/$/, ''),
    type: flag === '5' ? 'directory' : 'file',
    size: flag === '5' ? 0 : number(124, 12),
    mode: number(100, 8) & 0o7777,
    mtime: new Date(number(136, 12) * 1000),
  }
}

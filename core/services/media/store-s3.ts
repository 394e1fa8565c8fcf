import { createHmac, randomBytes } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import fs from 'node:fs/promises'
import { hostname } from 'node:os'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { setTimeout as sleep } from 'node:timers/promises'
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  type GetObjectCommandOutput,
} from '@aws-sdk/client-s3'
import { Upload } from '@aws-sdk/lib-storage'
import { getSignedUrl } from '@aws-sdk/s3-request-presigner'
import type { MediaStoreConfig } from '../../config.js'
import { signBunnyUrl } from '../../domain/media/bunny-token.js'
import { MediaStore, checkKey, type LivePaths, type SourceFetch, type WorkDir } from './store.js'

export type S3StoreConfig = Extract<MediaStoreConfig, { kind: 's3' }>

/** An attempt's folder inside `<tree>/<key>/`: `a` + the scratch folder's random suffix. */
const ATTEMPT = /^a[0-9a-f]{8}$/
/** SigV4 presigned URLs live at most a week. */
const MAX_PRESIGN_SECONDS = 604_800
/** Presigned URLs are signed at the start of this window, so one window's URLs are identical (browser caches). */
const SIGNING_WINDOW_SECONDS = 60
const UPLOAD_CONCURRENCY = 8
/** A download of a source not finished yet (renamed when it is). */
const PARTIAL_DOWNLOAD = '.download'
/** How often a worker waiting for a source still being uploaded looks again. */
const SOURCE_POLL_MS = 1000
const isSourceFile = (name: string) => name.startsWith('source')
/** Playlists and thumbnail tracks kept in memory (a few KB each). */
const TEXT_CACHE_ENTRIES = 2000
/** Presigned URLs kept for their signing window (about 0.5 KB each). */
const PRESIGNED_CACHE_ENTRIES = 20_000
/** Public files under an attempt prefix never change (a new attempt has a new prefix); others (the demo's) may. */
const IMMUTABLE = 'public, max-age=31536000, immutable'
const PUBLIC_WEEK = 'public, max-age=604800'

const CONTENT_TYPES: Record<string, string> = {
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.ts': 'video/mp2t',
  '.mp4': 'video/mp4',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.bmp': 'image/bmp',
  '.tif': 'image/tiff',
  '.tiff': 'image/tiff',
  '.json': 'application/json',
}

const contentTypeOf = (name: string) => CONTENT_TYPES[path.extname(name).toLowerCase()] ?? 'application/octet-stream'

/** The attempt folder a stored path of this item lies in (`public/<key>/a1b2c3d4/…`), if any. */
function attemptOf(stored: string | null | undefined, mediaKey: string): string | null {
  const parts = stored?.split('/') ?? []
  return parts[1] === mediaKey && ATTEMPT.test(parts[2] ?? '') ? parts[2]! : null
}

/** The attempt folders the item's live stored paths lie in (a video published in two steps has two). */
const attemptsOf = (live: LivePaths | undefined, mediaKey: string) => new Set([live ?? []].flat().flatMap((stored) => attemptOf(stored, mediaKey) ?? []))

/** An S3 client for the store's settings. */
export function createS3Client(s3: Pick<S3StoreConfig, 'endpoint' | 'region' | 'forcePathStyle' | 'accessKeyId' | 'secretAccessKey'>): S3Client {
  const client = new S3Client({
    endpoint: s3.endpoint,
    region: s3.region,
    forcePathStyle: s3.forcePathStyle,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    // Checksums only where S3 requires them: many S3-compatible servers do not read the
    // SDK's default aws-chunked uploads with trailing checksums.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  })
  if (s3.forcePathStyle) {
    // Path style: the SDK addresses bucket operations (list, delete many) as `/bucket/`; S3
    // takes `/bucket` alike, and servers that check SigV4 against `/bucket` (s3rver) then
    // agree on the signature.
    client.middlewareStack.add(
      (next) => async (args) => {
        const request = args.request as { path?: string }
        if (typeof request.path === 'string' && /^\/[^/]+\/$/.test(request.path)) request.path = request.path.slice(0, -1)
        return next(args)
      },
      { step: 'build', name: 'bucketPathWithoutSlash' },
    )
  }
  return client
}

const isMissing = (error: unknown) =>
  error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404)

/**
 * The media store on S3-compatible object storage: the same stored paths as on disk, as keys
 * of one private bucket. The worker still builds each attempt in a scratch folder under
 * MEDIA_DIR; publishing uploads it under an attempt prefix of its own
 * (`public/<key>/a<attempt>/…`, `protected/<key>/a<attempt>/…`), which nothing points at until
 * the row flips to ready. Then `settle` removes every other object of the item; a new attempt
 * first removes abandoned attempts (all but the one the row points at), a failed one its own.
 * Sources live under `sources/<key>/`; a worker downloads them into MEDIA_DIR/sources as a
 * cache and drops that copy once the item is ready.
 */
export class S3MediaStore extends MediaStore {
  override readonly kind = 's3' as const
  readonly client: S3Client
  readonly bucket: string
  /** Texts of published attempts, least recently read first. */
  readonly #texts = new Map<string, string>()
  /** Presigned URLs by their inputs, oldest first. */
  readonly #presigned = new Map<string, string>()
  /** Per work folder: files uploaded ahead of publish (by their size then), and the last upload queued. */
  readonly #early = new WeakMap<WorkDir, { uploaded: Map<string, number>; last: Promise<void> }>()

  constructor(
    mediaDir: string,
    readonly s3: S3StoreConfig,
  ) {
    super(mediaDir)
    this.bucket = s3.bucket
    this.client = createS3Client(s3)
  }

  protected override attemptPrefix(attempt: string): string[] {
    return [`a${attempt}`]
  }

  override async freshWorkDir(mediaKey: string, live?: LivePaths): Promise<WorkDir> {
    const work = await super.freshWorkDir(mediaKey)
    const keep = attemptsOf(live, mediaKey)
    // Abandoned staging: attempts that died before their row flipped (a killed worker, a failed upload).
    await this.#removeAttempts(mediaKey, (attempt) => !keep.has(attempt))
    return work
  }

  /**
   * Uploads the finished scratch trees under the attempt's prefix, then removes the scratch
   * folder. Adding to a published item is the same: the attempt's prefix is its own, and
   * nothing points there until the row does.
   */
  override async publish(work: WorkDir): Promise<void> {
    const uploaded = await this.#settleEarly(work)
    const uploads: Array<{ file: string; key: string }> = []
    for (const tree of ['public', 'protected'] as const) {
      const root = path.join(work.dir, tree)
      const entries = await fs.readdir(root, { recursive: true, withFileTypes: true }).catch(() => [])
      for (const entry of entries) {
        if (!entry.isFile()) continue
        const file = path.join(entry.parentPath, entry.name)
        const key = this.#workKey(work, file)
        if (key && uploaded.has(file) && uploaded.get(file) === (await fs.stat(file)).size) continue
        if (key) uploads.push({ file, key })
      }
    }
    await eachLimited(uploads, UPLOAD_CONCURRENCY, ({ file, key }) => this.putFile(key, file, key.startsWith('public/') ? IMMUTABLE : undefined))
    await fs.rm(work.dir, { recursive: true, force: true })
  }

  /**
   * Uploads a finished file of `work` under its attempt prefix now, in the background, one
   * at a time per work folder (the encoder keeps the cores). Nothing points at the prefix
   * until the row flips; publish skips what got there whole, discard removes it.
   */
  override stageEarly(work: WorkDir, file: string): void {
    const key = this.#workKey(work, file)
    if (!key) return
    let early = this.#early.get(work)
    if (!early) this.#early.set(work, (early = { uploaded: new Map(), last: Promise.resolve() }))
    const { uploaded } = early
    early.last = early.last
      .then(async () => {
        const { size } = await fs.stat(file)
        if (uploaded.get(file) === size) return
        await this.putFile(key, file, key.startsWith('public/') ? IMMUTABLE : undefined)
        uploaded.set(file, size)
      })
      .catch(() => undefined) // publish uploads it then
  }

  /** Waits for `work`'s early uploads; the files that got there, by their size. */
  async #settleEarly(work: WorkDir): Promise<Map<string, number>> {
    const early = this.#early.get(work)
    if (!early) return new Map()
    this.#early.delete(work)
    await early.last
    return early.uploaded
  }

  /** The key a file of `work`'s scratch trees is published under (null outside them). */
  #workKey(work: WorkDir, file: string): string | null {
    const [tree, ...relative] = path.relative(work.dir, file).split(path.sep)
    if ((tree !== 'public' && tree !== 'protected') || !relative.length || relative.includes('..')) return null
    return [tree, work.mediaKey, ...work.storedPrefix, ...relative].join('/')
  }

  override async discard(work: WorkDir): Promise<void> {
    // Early uploads still running would put objects back after the prefix is emptied.
    await this.#settleEarly(work)
    await super.discard(work)
    for (const tree of ['public', 'protected']) await this.deletePrefix([tree, work.mediaKey, ...work.storedPrefix].join('/') + '/')
  }

  /**
   * The row points at `work`'s outputs now (and at the attempts of `live`): everything else of
   * the item goes (earlier attempts, an older layout).
   */
  override async settle(work: WorkDir, live?: LivePaths): Promise<void> {
    const keep = attemptsOf(live, work.mediaKey)
    for (const tree of ['public', 'protected']) {
      const own = [tree, work.mediaKey, ...work.storedPrefix].join('/') + '/'
      const keys = await this.listKeys(`${tree}/${work.mediaKey}/`)
      await this.deleteKeys(keys.filter((key) => !key.startsWith(own) && !keep.has(key.split('/')[2] ?? '')))
    }
  }

  /** Uploads one finished file to a stored path (public ones cacheable as their siblings are), then removes it here. */
  override async placeFile(stored: string, file: string): Promise<void> {
    const mediaKey = stored.split('/')[1] ?? ''
    const cacheControl = !stored.startsWith('public/') ? undefined : attemptOf(stored, mediaKey) ? IMMUTABLE : PUBLIC_WEEK
    await this.putFile(stored, file, cacheControl)
    await fs.rm(file, { force: true })
  }

  /**
   * Uploads this machine's source folder, skipping what the bucket already holds at the same
   * size (a retry resumes). The source file goes first and alone: a listing that holds anything
   * of a video's folder holds its whole source (fetchSource elsewhere waits for that).
   */
  override async keepSource(mediaKey: string): Promise<void> {
    const dir = this.sourceDir(mediaKey)
    const prefix = `sources/${checkKey(mediaKey)}/`
    const names = (await fs.readdir(dir, { withFileTypes: true }).catch(() => []))
      .filter((entry) => entry.isFile() && !entry.name.endsWith(PARTIAL_DOWNLOAD))
      .map((entry) => entry.name)
    const stored = await this.listSizes(prefix)
    const missing = []
    for (const name of names) if (stored.get(prefix + name) !== (await fs.stat(path.join(dir, name))).size) missing.push(name)
    const keep = (name: string) => this.putFile(prefix + name, path.join(dir, name))
    await eachLimited(missing.filter(isSourceFile), 1, keep)
    await eachLimited(
      missing.filter((name) => !isSourceFile(name)),
      UPLOAD_CONCURRENCY,
      keep,
    )
  }

  /**
   * The source folder on this machine, downloaded where this machine has no copy. A video
   * ingested by a worker is uploaded after its row is written, while that worker may already
   * transcode it from its own copy: a worker elsewhere that finds nothing yet waits for it, until
   * `waitUntil` (then the folder comes back empty and the job says the source is missing).
   */
  override async fetchSource(mediaKey: string, { signal, waitUntil, onWait }: SourceFetch = {}): Promise<string> {
    const dir = this.sourceDir(mediaKey)
    const prefix = `sources/${checkKey(mediaKey)}/`
    await fs.mkdir(dir, { recursive: true })
    let stored = await this.listSizes(prefix)
    for (let polls = 0; stored.size === 0 && (await fs.readdir(dir)).length === 0 && Date.now() < (waitUntil?.getTime() ?? 0); polls++) {
      if (polls === 0) onWait?.()
      await sleep(SOURCE_POLL_MS, undefined, { signal })
      stored = await this.listSizes(prefix)
    }
    await eachLimited([...stored], 4, async ([key, size]) => {
      const target = path.join(dir, path.basename(key))
      if ((await fs.stat(target).catch(() => null))?.size === size) return
      const partial = target + PARTIAL_DOWNLOAD
      await pipeline(await this.openRead(key), createWriteStream(partial))
      await fs.rename(partial, target)
    })
    return dir
  }

  /**
   * Drops this machine's copy of the source: each file the bucket holds at the same size (one
   * it does not hold yet, an upload still running or failed, stays for a later keep) and
   * unfinished downloads.
   */
  override async releaseSource(mediaKey: string): Promise<void> {
    const dir = this.sourceDir(mediaKey)
    const names = await fs.readdir(dir).catch(() => [] as string[])
    if (names.length === 0) return fs.rm(dir, { recursive: true, force: true })
    const stored = await this.listSizes(`sources/${checkKey(mediaKey)}/`)
    for (const name of names) {
      const file = path.join(dir, name)
      const size = (await fs.stat(file).catch(() => null))?.size
      if (name.endsWith(PARTIAL_DOWNLOAD) || stored.get(`sources/${mediaKey}/${name}`) === size) await fs.rm(file, { recursive: true, force: true })
    }
    await fs.rmdir(dir).catch(() => undefined)
  }

  override async keepLocal(prefix: string): Promise<void> {
    const root = this.absolute(prefix)
    const entries = await fs.readdir(root, { recursive: true, withFileTypes: true }).catch(() => [])
    const files = entries
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(this.mediaDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    await eachLimited(files, UPLOAD_CONCURRENCY, (stored) =>
      this.putFile(stored, this.absolute(stored), stored.startsWith('public/') ? PUBLIC_WEEK : undefined),
    )
    await fs.rm(root, { recursive: true, force: true })
  }

  override async stat(stored: string): Promise<{ size: number; mtime: Date } | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: stored }))
      return { size: head.ContentLength ?? 0, mtime: head.LastModified ?? new Date(0) }
    } catch (error) {
      if (isMissing(error)) return null
      throw error
    }
  }

  /**
   * A stored text file (a playlist, a thumbnail track). Those of a published attempt never
   * change (a re-made item gets a new attempt prefix), so the most recent ones are kept in
   * memory: a video's playlists come from the bucket once per server, not on every play.
   */
  override async readText(stored: string): Promise<string | null> {
    const cached = this.#texts.get(stored)
    if (cached !== undefined) {
      this.#texts.delete(stored)
      this.#texts.set(stored, cached)
      return cached
    }
    const object = await this.getObject(stored)
    if (!object) return null
    const text = await object.Body!.transformToString('utf8')
    if (attemptOf(stored, stored.split('/')[1] ?? '')) {
      this.#texts.set(stored, text)
      if (this.#texts.size > TEXT_CACHE_ENTRIES) this.#texts.delete(this.#texts.keys().next().value!)
    }
    return text
  }

  override async openRead(stored: string): Promise<Readable> {
    const object = await this.getObject(stored)
    if (!object) throw new Error(`${stored} is not in the bucket`)
    return object.Body as Readable
  }

  /** GetObject, with a Range header passed on; null when the object is not there. */
  async getObject(stored: string, range?: string): Promise<GetObjectCommandOutput | null> {
    try {
      return await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: stored, Range: range }))
    } catch (error) {
      if (isMissing(error)) return null
      throw error
    }
  }

  /**
   * A presigned GET of a stored path valid until `expiresAt` (Unix seconds; at most a week
   * after signing). Signed at the start of the current minute, so the same request within a
   * minute gets the same URL. `attachment`: the Content-Disposition S3 answers with.
   */
  async presign(stored: string, expiresAt: number, now: Date, attachment?: string): Promise<string> {
    const signedAt = Math.floor(now.getTime() / 1000 / SIGNING_WINDOW_SECONDS) * SIGNING_WINDOW_SECONDS
    const expiresIn = Math.min(MAX_PRESIGN_SECONDS, Math.max(1, expiresAt - signedAt))
    // The same inputs give the same URL: a rung playlist's segments (members share expiry
    // windows) are signed once per window, not once per segment and member (about 0.5 ms each).
    const key = `${stored}\n${signedAt}\n${expiresIn}\n${attachment ?? ''}`
    const known = this.#presigned.get(key)
    if (known) return known
    const command = new GetObjectCommand({ Bucket: this.bucket, Key: stored, ...(attachment ? { ResponseContentDisposition: attachment } : {}) })
    const url = await getSignedUrl(this.client, command, { expiresIn, signingDate: new Date(signedAt * 1000) })
    this.#presigned.set(key, url)
    if (this.#presigned.size > PRESIGNED_CACHE_ENTRIES) this.#presigned.delete(this.#presigned.keys().next().value!)
    return url
  }

  /**
   * Members-only files: through the bunny.net pull zone with a token (MEDIA_CDN_SIGNING=bunny),
   * else presigned. Downloads (an attachment) are always presigned: S3 sets the header.
   */
  override async directUrl(stored: string, expiresAt: number, now: Date, attachment?: string): Promise<string> {
    const bunny = this.s3.bunny
    if (bunny && !attachment) {
      return signBunnyUrl(`${bunny.baseUrl}/${stored}`, bunny.tokenKey, { expires: expiresAt }, (key, message) =>
        createHmac('sha256', key).update(message).digest(),
      )
    }
    return this.presign(stored, expiresAt, now, attachment)
  }

  /** Before a start: why the bucket cannot be used (it is missing, the keys may not use it, S3 does not answer), or null. */
  async bucketProblem(): Promise<string | null> {
    const where = `the bucket ${this.bucket} at ${this.s3.endpoint ?? `AWS S3 (${this.s3.region})`}`
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }))
      return null
    } catch (error) {
      const status = error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined
      if (status === 404) return `${where} does not exist: create it (private; see docs/object-storage.md, "Bucket set-up")`
      if (status === 403 || status === 401) return `${where} refuses these keys (S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY)`
      return `${where} does not answer: ${error instanceof Error ? error.message : String(error)}`
    }
  }

  /** Readiness: a small object is put, read back, compared and deleted under `.health/`. */
  async probe(): Promise<void> {
    const key = `.health/${hostname()}-${process.pid}-${randomBytes(4).toString('hex')}`
    const content = randomBytes(16).toString('hex')
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: content }))
    try {
      if ((await this.readText(key)) !== content) throw new Error(`${key} read back differently`)
    } finally {
      await this.deleteKeys([key])
    }
  }

  /**
   * Whether the bucket serves an object to anyone without a signature (it should not: see the
   * docs/object-storage.md, "Bucket set-up"). Puts a small object, asks for it unsigned, removes it.
   */
  async answersAnonymousReads(): Promise<boolean> {
    const key = `.health/anonymous-read-${randomBytes(6).toString('hex')}`
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: 'probe' }))
    try {
      const signed = new URL(await this.presign(key, Math.floor(Date.now() / 1000) + 60, new Date()))
      const response = await fetch(`${signed.origin}${signed.pathname}`, { signal: AbortSignal.timeout(5000) })
      await response.body?.cancel()
      return response.ok
    } finally {
      await this.deleteKeys([key])
    }
  }

  async putFile(key: string, file: string, cacheControl?: string): Promise<void> {
    const upload = new Upload({
      client: this.client,
      params: {
        Bucket: this.bucket,
        Key: key,
        Body: createReadStream(file),
        ContentType: contentTypeOf(file),
        ...(cacheControl ? { CacheControl: cacheControl } : {}),
      },
      queueSize: 4,
      partSize: 16 * 1024 * 1024,
    })
    await upload.done()
  }

  async listKeys(prefix: string): Promise<string[]> {
    return [...(await this.listSizes(prefix)).keys()]
  }

  /** Every object under `prefix` with its size. */
  async listSizes(prefix: string): Promise<Map<string, number>> {
    const sizes = new Map<string, number>()
    let token: string | undefined
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }))
      for (const object of page.Contents ?? []) if (object.Key) sizes.set(object.Key, object.Size ?? 0)
      token = page.IsTruncated ? page.NextContinuationToken : undefined
    } while (token)
    return sizes
  }

  async deletePrefix(prefix: string): Promise<void> {
    await this.deleteKeys(await this.listKeys(prefix))
  }

  async deleteKeys(keys: string[]): Promise<void> {
    for (let start = 0; start < keys.length; start += 1000) {
      const batch = keys.slice(start, start + 1000)
      const result = await this.client.send(new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }))
      if (result.Errors?.length)
        throw new Error(`could not delete ${result.Errors.length} objects, e.g. ${result.Errors[0]!.Key}: ${result.Errors[0]!.Message}`)
    }
  }

  async #removeAttempts(mediaKey: string, remove: (attempt: string) => boolean): Promise<void> {
    for (const tree of ['public', 'protected']) {
      const keys = await this.listKeys(`${tree}/${checkKey(mediaKey)}/`)
      await this.deleteKeys(
        keys.filter((key) => {
          const attempt = key.split('/')[2] ?? ''
          return ATTEMPT.test(attempt) && remove(attempt)
        }),
      )
    }
  }
}

/** Runs `task` over `items`, at most `limit` at once. */
export async function eachLimited<T>(items: T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0
  const runners = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await task(items[next++]!)
  })
  await Promise.all(runners)
}

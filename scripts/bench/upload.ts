/**
 * npm run bench:upload [-- --gb 4]
 *
 * The console's resumable upload with a multi-gigabyte file, as the page sends it: the real
 * server process (server/main.ts) and tus-js-client in parts of UPLOAD_CHUNK_BYTES, paused at
 * half way and resumed from the server's offset; then admin.upload.ingest (hash, duplicate
 * check, row, job; the file moved into the media store). Prints the upload's throughput, the
 * ingest's time, the server's resident memory before and at its peak (VmHWM: the file is
 * streamed, never held), that the stored source's SHA-256 is the file's, and the load average.
 *
 * The database lives in DATA_DIR (default .data/bench-upload) on EMBEDDED_PG_PORT, or
 * DATABASE_URL; the server listens on PORT (default 3400); the file and folders are in the
 * system's temporary folder and removed at the end.
 */
import { spawn } from 'node:child_process'
import crypto from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import pg from 'pg'
import * as tus from 'tus-js-client'
import { prepareEnvironment, ensureDatabase } from '../../core/bootstrap.js'
import { migrate, openOrm } from '../../core/db/orm.js'
import { UPLOAD_CHUNK_BYTES, UPLOAD_ENDPOINT } from '../../core/domain/media/upload.js'
import { sha256File } from '../../core/services/media/ingest.js'
import { hashToken, SESSION_COOKIE } from '../../core/services/auth/sessions.js'

process.env.DATA_DIR ??= '.data/bench-upload'
const { values: args } = parseArgs({ options: { gb: { type: 'string', default: '4' } } })
const bytes = Math.round(Number(args.gb) * 1e9)
const port = Number(process.env.PORT ?? 3400)
const base = `http://127.0.0.1:${port}`
const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')
const mb = (n: number) => (n / 1e6).toFixed(0)

prepareEnvironment()
const db = await ensureDatabase()
const databaseUrl = process.env.DATABASE_URL!
const orm = await openOrm(databaseUrl, { pool: 2 })
await migrate(orm, databaseUrl)
await orm.close()

const work = await fs.mkdtemp(path.join(os.tmpdir(), 'streamclub-bench-upload-'))
const file = path.join(work, 'big-take.mp4')
console.log(`load average ${load()} at the start; writing a ${args.gb} GB file…`)
await new Promise<void>((resolve, reject) => {
  const out = createWriteStream(file)
  let written = 0
  const block = crypto.randomBytes(16 * 1024 * 1024)
  const more = () => {
    while (written < bytes) {
      const part = block.subarray(0, Math.min(block.length, bytes - written))
      // A different first byte per block: no two blocks alike.
      part[0] = written % 251
      written += part.length
      if (!out.write(Buffer.from(part))) return void out.once('drain', more)
    }
    out.end(resolve)
  }
  out.on('error', reject)
  more()
})
const original = await sha256File(file)

// An administrator with a session, as a login makes them.
const client = new pg.Client({ connectionString: databaseUrl })
await client.connect()
const token = crypto.randomBytes(24).toString('hex')
const {
  rows: [admin],
} = await client.query<{ id: number }>(
  `insert into app_user (email, password_hash, email_verified_at, role, locale, created_at, updated_at)
   values ($1, 'not-used', now(), 'admin', 'en', now(), now()) returning id`,
  [`bench-${token.slice(0, 8)}@example.com`],
)
await client.query(
  `insert into session (id, user_id, remember, created_at, last_seen_at, expires_at) values ($1, $2, false, now(), now(), now() + interval '1 hour')`,
  [hashToken(token), admin!.id],
)
const headers = { cookie: `${SESSION_COOKIE}=${token}`, 'x-streamclub-csrf': '1', 'x-locale': 'en' }

const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    UPLOAD_DIR: path.join(work, 'uploads'),
    MEDIA_DIR: path.join(work, 'media'),
    INGEST_DIR: path.join(work, 'ingest'),
  },
  stdio: ['ignore', 'inherit', 'inherit'],
})
const memory = async (field: 'VmRSS' | 'VmHWM') =>
  Number(new RegExp(`${field}:\\s+(\\d+)`).exec(await fs.readFile(`/proc/${server.pid}/status`, 'utf8'))?.[1] ?? 0) * 1024
try {
  for (let i = 0; ; i++) {
    if (
      await fetch(`${base}/readyz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break
    if (i > 600) throw new Error('the server did not start')
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  const idle = await memory('VmRSS')

  const started = performance.now()
  let pausedAt = 0
  const upload = new tus.Upload(createReadStream(file), {
    endpoint: `${base}${UPLOAD_ENDPOINT}`,
    uploadSize: bytes,
    chunkSize: UPLOAD_CHUNK_BYTES,
    retryDelays: [0, 1000, 3000],
    headers,
    metadata: { filename: path.basename(file), filetype: 'video/mp4' },
  })
  // Half way, paused (the page's Pause), then resumed from the server's offset.
  await new Promise<void>((resolve, reject) => {
    upload.options.onProgress = (sent) => {
      if (!pausedAt && sent >= bytes / 2) {
        pausedAt = sent
        void upload.abort().then(() => setTimeout(() => upload.start(), 500))
      }
    }
    upload.options.onSuccess = () => resolve()
    upload.options.onError = reject
    upload.start()
  })
  const uploadSeconds = (performance.now() - started) / 1000 - 0.5
  const id = upload.url!.split('/').at(-1)!

  const ingestStarted = performance.now()
  const res = await fetch(`${base}/trpc/admin.upload.ingest`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ id }),
  })
  const answer = (await res.json()) as { result?: { data: { status: string; id: number } } }
  const ingestSeconds = (performance.now() - ingestStarted) / 1000
  if (answer.result?.data.status !== 'queued') throw new Error(`ingest: ${JSON.stringify(answer)}`)
  const {
    rows: [video],
  } = await client.query<{ media_key: string; source_sha256: string }>(`select media_key, source_sha256 from video where id = $1`, [answer.result.data.id])
  const stored = await sha256File(path.join(work, 'media', 'sources', video!.media_key, 'source.mp4'))

  console.log(`file: ${mb(bytes)} MB in parts of ${UPLOAD_CHUNK_BYTES / 1024 / 1024} MiB, paused at ${mb(pausedAt)} MB and resumed`)
  console.log(`upload: ${uploadSeconds.toFixed(1)} s, ${(bytes / 1e6 / uploadSeconds).toFixed(0)} MB/s (client and server on this machine)`)
  console.log(`ingest (SHA-256, duplicate check, row, job, move): ${ingestSeconds.toFixed(1)} s`)
  console.log(`server memory: ${mb(idle)} MB resident before, ${mb(await memory('VmHWM'))} MB at its peak`)
  console.log(`SHA-256 of the stored source ${stored === original && video!.source_sha256 === original ? 'equals' : 'DIFFERS FROM'} the file's`)
  console.log(`load average ${load()} at the end`)
} finally {
  server.kill('SIGTERM')
  await new Promise((resolve) => server.once('exit', resolve))
  await client.end()
  await fs.rm(work, { recursive: true, force: true })
  await db?.stop()
}

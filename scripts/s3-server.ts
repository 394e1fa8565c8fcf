import { spawn } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import readline from 'node:readline'
import { fileURLToPath } from 'node:url'
import S3rver from '@20minutes/s3rver'

/**
 * An S3-compatible server on this machine (npm @20minutes/s3rver 5, the maintained fork of s3rver: SigV4 checked, presigned URLs, Range, multipart),
 * for the tests and `npm run demo:cluster`. It checks signatures (a changed or expired presigned
 * URL gets 403) but, unlike a real bucket, also serves anonymous reads: bucket privacy is a
 * setting of the real S3 (see docs/object-storage.md, "Bucket set-up").
 */
export const LOCAL_S3_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const

/** Browsers (hls.js) fetch presigned segments from the page's origin: the bucket must allow it. */
export const MEDIA_CORS = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>*</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>Content-Length</ExposeHeader>
    <ExposeHeader>Content-Range</ExposeHeader>
    <MaxAgeSeconds>3600</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`

/** The variables of MEDIA_STORE=s3 for a bucket of this server (path-style, its fixed keys). */
export function localS3Env(endpoint: string, bucket: string): Record<string, string> {
  return {
    MEDIA_STORE: 's3',
    S3_ENDPOINT: endpoint,
    S3_BUCKET: bucket,
    S3_FORCE_PATH_STYLE: 'true',
    S3_ACCESS_KEY_ID: LOCAL_S3_CREDENTIALS.accessKeyId,
    S3_SECRET_ACCESS_KEY: LOCAL_S3_CREDENTIALS.secretAccessKey,
  }
}

export interface LocalS3 {
  endpoint: string
  /** The process serving it, when it runs in one of its own. */
  pid?: number
  stop(): Promise<void>
}

/**
 * Starts s3rver on 127.0.0.1:`port` (0: any free port) with its files in `directory` (emptied
 * first, and removed at stop, unless `keep`) and the given buckets.
 */
export async function startLocalS3(port: number, directory: string, buckets: string[] = [], { keep = false } = {}): Promise<LocalS3> {
  if (!keep) await fs.rm(directory, { recursive: true, force: true })
  await fs.mkdir(directory, { recursive: true })
  const server = new S3rver({ address: '127.0.0.1', port, directory, silent: true, configureBuckets: buckets.map((name) => ({ name, configs: [MEDIA_CORS] })) })
  const { port: bound } = await server.run()
  return {
    endpoint: `http://127.0.0.1:${bound}`,
    async stop() {
      await server.close()
      if (!keep) await fs.rm(directory, { recursive: true, force: true })
    },
  }
}

/**
 * Starts scripts/local-s3.ts as a process of its own (as a real S3 is: its work does not share
 * the caller's event loop) with one bucket, on a free port; stop() ends it and removes its files.
 * `background`: at the lowest CPU priority, for benches of work that needs the cores while the
 * S3 server takes uploads (a real S3 runs on machines of its own, not on the worker's cores).
 */
export async function spawnLocalS3(directory: string, bucket: string, { background = false } = {}): Promise<LocalS3> {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./local-s3.ts', import.meta.url)), directory, bucket], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  if (background && child.pid) os.setPriority(child.pid, 19)
  const endpoint = await new Promise<string>((resolve, reject) => {
    readline.createInterface({ input: child.stdout! }).on('line', (line) => line.startsWith('s3 ') && resolve(line.slice(3)))
    child.once('exit', (code) => reject(new Error(`the S3 server exited (${code})`)))
  })
  return {
    endpoint,
    pid: child.pid,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}

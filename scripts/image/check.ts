/**
 * npm run test:image [-- --compressed]: builds the container image from the Dockerfile and
 * runs it, as CI proves it without a registry (run by `npm test`; needs root):
 *   1. a Debian bookworm base made from Debian's packages (mmdebstrap minbase), imported into
 *      buildah as localhost/debian:bookworm-slim (kept: later runs reuse it);
 *   2. `buildah bud --isolation chroot` of the Dockerfile with that base (BASE build argument;
 *      its default is the official Node image) and the host's extra CA certificates;
 *   3. the image's configuration (HEALTHCHECK on /healthz, a non-root user) and its size;
 *   4. in the image (`buildah run --isolation chroot`, the host's network) against a test
 *      PostgreSQL: the server answers /readyz 200 and a server-rendered page, then stops
 *      gracefully on SIGTERM; the worker starts with the image's ffmpeg, takes every sample of
 *      ./samples.ts (videos of 18 kinds, an image set of every picture format) to ready, fails
 *      a Cinepak video with a reason, and stops; a command-line tool runs; the image's DB-IP
 *      data places a US state and a country; a public PUBLIC_URL without its settings does
 *      not start.
 * Installs buildah and mmdebstrap with apt when they are missing (as root on Debian).
 * --compressed also writes the image as a gzip-compressed OCI archive and prints its size.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs, promisify } from 'node:util'
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../core/db/embedded-postgres.js'
import { freePort } from '../free-port.js'
import { IMAGE_EXTENSIONS } from '../../core/domain/media/media.js'
import { makeSamples } from './samples.js'

const { values: args } = parseArgs({ options: { compressed: { type: 'boolean', default: false } } })
const ROOT = path.resolve(import.meta.dirname, '../..')
const BASE_IMAGE = 'localhost/debian:bookworm-slim'
const IMAGE = 'localhost/streamclub:check'
/** The runtime image's budget in MB (uncompressed). docs/operations.md, "Containers", says what fills it. */
// 695 MB before the runtime was cut to the files it runs on, DB-IP's city files to the US states,
// Node's symbol table and the packages' tests and sources (432 MB); Debian's ffmpeg package
// replaced by its source built with what the worker uses (212 MB).
const SIZE_BUDGET_MB = 400
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'streamclub-image-'))
// As root, the embedded PostgreSQL runs as the postgres user: it must reach its folder in here.
fs.chmodSync(work, 0o755)
const startedAt = performance.now()
const seconds = () => ((performance.now() - startedAt) / 1000).toFixed(0)
const say = (line: string) => console.log(`[image ${seconds().padStart(3)} s] ${line}`)
let passed = 0
const pass = (what: string) => {
  passed++
  say(`✓ ${what}`)
}

async function run(command: string, argv: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv; log?: string } = {}): Promise<string> {
  const child = spawn(command, argv, { cwd: options.cwd ?? ROOT, env: options.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  const log = options.log ? fs.createWriteStream(options.log) : null
  for (const stream of [child.stdout, child.stderr]) {
    stream.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      log?.write(chunk)
    })
  }
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve))
  log?.end()
  if (code !== 0) throw new Error(`${command} ${argv.slice(0, 3).join(' ')} … failed (${code}):\n${output.split('\n').slice(-30).join('\n')}`)
  return output
}

const onPath = (name: string) =>
  promisify(execFile)('sh', ['-c', `command -v ${name}`]).then(
    () => true,
    () => false,
  )

async function ensureTools(): Promise<void> {
  const missing = []
  for (const tool of ['buildah', 'mmdebstrap']) if (!(await onPath(tool))) missing.push(tool)
  if (!missing.length) return
  if (process.getuid?.() !== 0 || !fs.existsSync('/usr/bin/apt-get')) {
    throw new Error(`${missing.join(' and ')} missing: the image check needs root with buildah and mmdebstrap (Debian: apt-get install buildah mmdebstrap)`)
  }
  say(`installing ${missing.join(', ')} (apt)`)
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  await run('apt-get', ['update', '-qq'], { env })
  await run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing, 'uidmap', 'fuse-overlayfs'], { env })
}

/** A bookworm base from Debian's packages, slimmed as the official -slim images are. */
async function ensureBaseImage(): Promise<void> {
  if (
    await run('buildah', ['inspect', '--type', 'image', BASE_IMAGE]).then(
      () => true,
      () => false,
    )
  ) {
    say(`base image ${BASE_IMAGE}: present`)
    return
  }
  const tar = path.join(work, 'bookworm-slim.tar')
  say('base image: mmdebstrap --variant=minbase bookworm')
  const excludes = ['/usr/share/man/*', '/usr/share/info/*', '/usr/share/locale/*', '/usr/share/doc/*']
  await run('mmdebstrap', [
    '--quiet',
    '--variant=minbase',
    '--hook-dir=/usr/share/mmdebstrap/hooks/merged-usr',
    ...excludes.map((pattern) => `--dpkgopt=path-exclude=${pattern}`),
    '--dpkgopt=path-include=/usr/share/locale/locale.alias',
    '--dpkgopt=path-include=/usr/share/doc/*/copyright',
    'bookworm',
    tar,
  ])
  // buildah 1.28 (bookworm) has no `buildah import`: an empty container, the tar added, committed.
  const container = (await run('buildah', ['from', 'scratch'])).trim()
  await run('buildah', ['add', container, tar, '/'])
  await run('buildah', ['config', '--env', 'PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin', '--cmd', '/bin/bash', container])
  await run('buildah', ['commit', '--rm', '--quiet', container, BASE_IMAGE])
  fs.rmSync(tar)
  say(`base image ${BASE_IMAGE}: made`)
}

/** The host's extra CA certificates (a TLS-intercepting proxy in front of the registry) for the build stages. */
function copyCaCertificates(): string[] {
  const source = '/usr/local/share/ca-certificates'
  const files = fs.existsSync(source) ? fs.readdirSync(source).filter((name) => name.endsWith('.crt')) : []
  for (const name of files) fs.copyFileSync(path.join(source, name), path.join(ROOT, 'deploy/ca', name))
  return files.map((name) => path.join(ROOT, 'deploy/ca', name))
}

async function build(): Promise<void> {
  const nodeVersion = (JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> }).devDependencies
    .node!
  const certificates = copyCaCertificates()
  const log = path.join(work, 'build.log')
  say(`buildah bud (log: ${log})`)
  const began = performance.now()
  try {
    await run(
      'buildah',
      [
        'bud',
        '--isolation',
        'chroot',
        '--format',
        'docker',
        '--layers',
        '--build-arg',
        `BASE=${BASE_IMAGE}`,
        '--build-arg',
        `NODE_VERSION=${nodeVersion}`,
        '-f',
        'Dockerfile',
        '-t',
        IMAGE,
        '.',
      ],
      { log },
    )
  } finally {
    for (const file of certificates) fs.rmSync(file, { force: true })
  }
  pass(`the Dockerfile builds (${((performance.now() - began) / 1000).toFixed(0)} s)`)
}

async function inspectImage(): Promise<void> {
  const image = JSON.parse(await run('buildah', ['inspect', '--type', 'image', IMAGE])) as {
    Docker: { config: { User?: string; Healthcheck?: { Test?: string[] }; Entrypoint?: string[]; Cmd?: string[] } }
  }
  const config = image.Docker.config
  if (!config.Healthcheck?.Test?.join(' ').includes('/healthz')) throw new Error(`no HEALTHCHECK on /healthz: ${JSON.stringify(config.Healthcheck)}`)
  if (!config.User || config.User === 'root' || config.User === '0') throw new Error(`the image runs as ${config.User ?? 'root'}`)
  pass(`HEALTHCHECK on /healthz, user ${config.User}, ${[...(config.Entrypoint ?? []), ...(config.Cmd ?? [])].join(' ')}`)
  // buildah prints the size for people ("536 MB", decimal units).
  const [listed] = JSON.parse(await run('buildah', ['images', '--json', IMAGE])) as Array<{ size: string }>
  const [amount = 'NaN', unit = ''] = listed!.size.split(' ')
  const megabytes = Number(amount) * ({ kB: 1e-3, MB: 1, GB: 1e3 }[unit] ?? Number.NaN)
  if (!(megabytes <= SIZE_BUDGET_MB)) throw new Error(`the image is ${listed!.size}, over its budget of ${SIZE_BUDGET_MB} MB`)
  pass(`image size ${megabytes.toFixed(0)} MB uncompressed (budget ${SIZE_BUDGET_MB} MB)`)
  say(`  what fills it (MB): ${await sizeBreakdown()}`)
  if (args.compressed) {
    const archive = path.join(work, 'image.oci.tar')
    await run('buildah', ['push', '--quiet', IMAGE, `oci-archive:${archive}`])
    say(`  compressed (gzip layers, OCI archive): ${(fs.statSync(archive).size / 1e6).toFixed(0)} MB`)
    fs.rmSync(archive)
  }
}

/** The image's files by part, measured in a mounted container of it. */
async function sizeBreakdown(): Promise<string> {
  const container = (await run('buildah', ['from', '--quiet', IMAGE])).trim()
  containers.push(container)
  const root = (await run('buildah', ['mount', container])).trim()
  const parts = {
    'shared libraries': 'usr/lib/x86_64-linux-gnu',
    node: 'usr/local/bin/node',
    'app node_modules': 'app/node_modules',
    'app dist (client, renderer)': 'app/dist/client app/dist/server',
    'app build (server, worker, tools)': 'app/build',
    'app geoip (DB-IP Lite)': 'app/dist/geoip',
    'ffmpeg, ffprobe': 'usr/bin/ff*',
    all: '.',
  }
  const sizes = []
  for (const [name, glob] of Object.entries(parts)) {
    const total = await run('sh', ['-c', `du -scb ${glob} | tail -1`], { cwd: root })
    sizes.push(`${name} ${(Number(total.split('\t')[0]) / 1e6).toFixed(0)}`)
  }
  await run('buildah', ['umount', container])
  return sizes.join(', ')
}

interface Contained {
  name: string
  child: ChildProcess
  output: () => string
  exited: Promise<number | null>
}

const containers: string[] = []
const processes: Contained[] = []

/** A command in a new container of the image, on the host's network. */
async function runInImage(name: string, env: Record<string, string>, command: string[], volumes: string[] = []): Promise<Contained> {
  const container = (await run('buildah', ['from', '--quiet', IMAGE])).trim()
  containers.push(container)
  const envArgs = Object.entries(env).flatMap(([key, value]) => ['--env', `${key}=${value}`])
  const volumeArgs = volumes.flatMap((volume) => ['--volume', volume])
  const child = spawn('buildah', ['run', '--isolation', 'chroot', ...envArgs, ...volumeArgs, container, '--', ...command], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const contained = { name, child, output: () => output, exited: new Promise<number | null>((resolve) => child.on('close', resolve)) }
  processes.push(contained)
  return contained
}

/** The process that runs the command: `buildah run` ends its child at once on SIGTERM, so the signal goes to the deepest child. */
function leafPid(pid: number): number {
  for (;;) {
    // buildah is a Go program: any of its threads may have started the child, so every thread's list counts.
    const children = fs
      .readdirSync(`/proc/${pid}/task`)
      .flatMap((task) => fs.readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim().split(/\s+/))
      .filter(Boolean)
    if (!children.length) return pid
    pid = Number(children[0])
  }
}

async function stopGracefully(process: Contained): Promise<number | null> {
  globalThis.process.kill(leafPid(process.child.pid!), 'SIGTERM')
  return within(process.exited, 60_000, `${process.name} to stop`)
}

async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), ms)))
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

async function waitFor(what: string, check: () => Promise<boolean> | boolean, process: Contained, ms = 120_000): Promise<void> {
  const started = Date.now()
  for (;;) {
    if (await check()) return
    if (process.child.exitCode !== null) throw new Error(`${process.name} ended before ${what}:\n${process.output()}`)
    if (Date.now() - started > ms) throw new Error(`timed out waiting for ${what}:\n${process.output()}`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

/** How many files of each extension lie below `dir`. */
function countFiles(dir: string): Map<string, number> {
  const counts = new Map<string, number>()
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) counts.set(path.extname(entry.name), (counts.get(path.extname(entry.name)) ?? 0) + 1)
  }
  return counts
}

/** What the worker makes of a video (ladder segments and playlists, pictures and their WebPs, clips and download, scrub sheets and track) and of an image set. */
const MADE = { video: ['.ts', '.m3u8', '.jpg', '.webp', '.mp4', '.vtt'], imageSet: ['.jpg', '.webp'] }

/**
 * The worker in the image takes every sample as it takes an upload: `node build/cli/ingest.js`
 * (another container, the same /data) registers it and follows it until the worker has made
 * its ladder, pictures, clips, scrub thumbnails and download (or failed); the new files in the
 * media store are counted by kind.
 */
async function transcodeSamples(env: Record<string, string>, dataDir: string, samples: Awaited<ReturnType<typeof makeSamples>>) {
  const samplesDir = path.dirname(samples.videos[0]!.file)
  const volumes = [`${dataDir}:/data`, `${samplesDir}:/samples:ro`]
  const mediaDir = path.join(dataDir, 'media')
  const ingestRun = async (source: string) => {
    const run = await runInImage(`ingest ${source}`, env, ['node', 'build/cli/ingest.js', `/samples/${path.relative(samplesDir, source)}`], volumes)
    return { code: await within(run.exited, 300_000, `the worker to take ${source}`), run }
  }
  const ingest = async (source: string, expected: RegExp, made: string[]) => {
    const began = Date.now()
    const before = fs.existsSync(mediaDir) ? countFiles(mediaDir) : new Map<string, number>()
    const { code, run } = await ingestRun(source)
    const ready = /^ready: .*$/m.exec(run.output())?.[0]
    if (code !== 0 || !ready || !expected.test(ready))
      throw new Error(`the worker in the image did not take ${path.basename(source)} (${code}):\n${run.output()}`)
    const after = countFiles(mediaDir)
    const added = made.map((extension) => `${(after.get(extension) ?? 0) - (before.get(extension) ?? 0)} ${extension}`)
    if (added.some((entry) => entry.startsWith('0 ') || entry.startsWith('-')))
      throw new Error(`${path.basename(source)}: ready, but the store got ${added.join(', ')}`)
    return `${ready.split(';')[0]} in ${((Date.now() - began) / 1000).toFixed(1)} s (${added.join(', ')})`
  }
  for (const video of samples.videos)
    pass(`${path.basename(video.file)} (${video.codecs}: ${video.what}): ${await ingest(video.file, /^ready: [\d.]+ s, \w/, MADE.video)}`)
  const pictures = await ingest(samples.pictures.dir, new RegExp(`^ready: ${samples.pictures.count} images`), MADE.imageSet)
  pass(`an image set of ${IMAGE_EXTENSIONS.join(' ')}: ${pictures}`)
  const { code, run } = await ingestRun(samples.leftOut.file)
  const reason = /^failed: .*$/m.exec(run.output())?.[0]
  if (code !== 1 || !reason) throw new Error(`${path.basename(samples.leftOut.file)}: expected the worker to fail it with a reason (${code}):\n${run.output()}`)
  pass(`${path.basename(samples.leftOut.file)} (${samples.leftOut.what}): ${reason}`)
}

async function checkInImage(db: EmbeddedDatabase, samples: Awaited<ReturnType<typeof makeSamples>>): Promise<void> {
  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  const appSecret = 'image-check-secret-image-check-secret-0123'
  const env = {
    DATABASE_URL: db.url,
    APP_SECRET: appSecret,
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://localhost:${port}`,
    SHUTDOWN_DELAY_SECONDS: '0',
  }

  const server = await runInImage('server', env, ['node', 'build/server/main.js'])
  const began = Date.now()
  await waitFor(
    '/readyz 200',
    () =>
      fetch(`${base}/readyz`).then(
        (res) => res.status === 200,
        () => false,
      ),
    server,
  )
  pass(`the server in the image answers /readyz 200 (${((Date.now() - began) / 1000).toFixed(1)} s after start, migrations on an empty database included)`)
  const page = await fetch(`${base}/en`, { headers: { 'accept-language': 'en' } })
  const html = await page.text()
  if (page.status !== 200 || !/<title>[^<]*Streamclub/.test(html) || !html.includes('<main')) throw new Error(`/en: ${page.status}\n${html.slice(0, 500)}`)
  pass(`a server-rendered page: /en 200, ${html.length} bytes with its title and main content`)
  if ((await fetch(`${base}/healthz`)).status !== 200) throw new Error('/healthz did not answer 200')

  // The worker's DATA_DIR (media, scratch) on the host, shared with the ingest tool's containers.
  const dataDir = path.join(work, 'data')
  fs.mkdirSync(dataDir)
  fs.chownSync(dataDir, 10001, 10001)
  const worker = await runInImage('worker', { ...env, BACKUP_SCHEDULE: 'off' }, ['node', 'build/worker/main.js'], [`${dataDir}:/data`])
  await waitFor('the worker to take jobs', () => /Worker connected and looking for jobs/.test(worker.output()), worker)
  if (!worker.output().includes('ffmpeg: /usr/bin/ffmpeg (PATH)')) throw new Error(`the worker does not use the image's ffmpeg:\n${worker.output()}`)
  pass("the worker in the image runs with the image's ffmpeg (/usr/bin/ffmpeg)")
  await transcodeSamples(env, dataDir, samples)
  if ((await stopGracefully(worker)) !== 0) throw new Error(`the worker did not stop cleanly:\n${worker.output()}`)
  pass('the worker in the image stops on SIGTERM')

  const tool = await runInImage('user-role', { DATABASE_URL: db.url }, ['node', 'build/cli/user-role.js', 'nobody@example.com', 'admin'])
  const toolCode = await within(tool.exited, 60_000, 'the user-role tool')
  if (toolCode !== 1 || !tool.output().includes('No user has the email address "nobody@example.com"'))
    throw new Error(`cli/user-role: ${toolCode}\n${tool.output()}`)
  pass('a command-line tool runs compiled (node build/cli/user-role.js: "No user has the email address …")')

  // The image's slimmed DB-IP data (dist/geoip) through the operators' lookup tool: a US state over IPv4 and IPv6, a country.
  const geoip = await runInImage('age-locate', {}, ['node', 'build/cli/age-locate.js', '69.76.144.0', '2600:1700::1', '217.160.0.1'])
  const expected = [
    /^69\.76\.144\.0 {2}US US-TX {2}ip-database {2}rule \S+ \(\w+\)$/,
    /^2600:1700::1 {2}US US-MI {2}ip-database {2}rule \S+ \(\w+\)$/,
    /^217\.160\.0\.1 {2}DE {2}ip-database {2}rule \S+ \(\w+\)$/,
    new RegExp(`^data: ${['country', 'city-ipv4', 'city-ipv6'].map((name) => `/app/dist/geoip/dbip-${name}\\.mmdb`).join(' ')}$`),
  ]
  const geoipCode = await within(geoip.exited, 60_000, 'the DB-IP lookup')
  const located = geoip.output().trim().split('\n')
  if (geoipCode !== 0 || located.length !== expected.length || expected.some((line, i) => !line.test(located[i]!)))
    throw new Error(`the image's DB-IP data: expected ${expected.join(' / ')}, got:\n${geoip.output()}`)
  pass(`the image's DB-IP Lite data places visitors (${located.slice(0, 3).join(', ')})`)

  const unsafe = await runInImage('public server', { DATABASE_URL: db.url, PUBLIC_URL: 'https://club.example.com', SMTP_URL: 'smtp://127.0.0.1:2525' }, [
    'node',
    'build/server/main.js',
  ])
  const unsafeCode = await within(unsafe.exited, 60_000, 'the public server to refuse')
  const lines = unsafe.output().trim().split('\n')
  if (
    unsafeCode !== 1 ||
    !lines.some((line) => line.startsWith('  APP_SECRET: required')) ||
    !lines.some((line) => line.startsWith('  BILLING_PROVIDER: required'))
  ) {
    throw new Error(`a public PUBLIC_URL without APP_SECRET and BILLING_PROVIDER started or said nothing (${unsafeCode}):\n${unsafe.output()}`)
  }
  pass('a public PUBLIC_URL without APP_SECRET and BILLING_PROVIDER does not start, one line each')

  const code = await stopGracefully(server)
  if (code !== 0 || !server.output().includes('"outcome":"drained"'))
    throw new Error(`the server did not stop gracefully (${code}):\n${server.output().slice(-2000)}`)
  pass('the server stops gracefully on SIGTERM (drained)')
}

let db: EmbeddedDatabase | null = null
let failed = false
try {
  say(
    `load average ${os
      .loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}`,
  )
  await ensureTools()
  await ensureBaseImage()
  await build()
  await inspectImage()
  const began = performance.now()
  const samples = await makeSamples(path.join(work, 'samples'))
  say(`${samples.videos.length} videos and ${samples.pictures.count} pictures made for the worker (${((performance.now() - began) / 1000).toFixed(0)} s)`)
  db = await startEmbeddedPostgres({ dataDir: path.join(work, 'postgres'), port: await freePort(), database: 'streamclub' })
  await checkInImage(db, samples)
} catch (error) {
  failed = true
  console.error(`[image] ✗ ${(error as Error).message}`)
} finally {
  for (const p of processes.filter((q) => q.child.exitCode === null)) {
    process.kill(leafPid(p.child.pid!), 'SIGKILL')
    await p.exited
  }
  for (const container of containers) await run('buildah', ['rm', container]).catch(() => undefined)
  await db?.stop()
  if (failed) say(`logs kept in ${work}`)
  else fs.rmSync(work, { recursive: true, force: true })
}
// The build's layers stay, so the next run rebuilds only what changed; `buildah rmi --prune` frees them.
say(`${passed} passed, ${failed ? 1 : 0} failed, in ${seconds()} s`)
process.exit(failed ? 1 : 0)

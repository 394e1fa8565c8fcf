import fs from 'node:fs'
import fsp from 'node:fs/promises'
import path from 'node:path'
import { PassThrough } from 'node:stream'
import zlib from 'node:zlib'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../core/db/embedded-postgres.js'
import { migrate, openOrm } from '../../core/db/orm.js'
import { backupDatabase } from '../../core/services/ops/backup/database.js'
import { restoreBackup } from '../../core/services/ops/backup/restore.js'
import { extractTar, TarWriter } from '../../core/services/ops/backup/tar.js'
import { runOnce } from 'graphile-worker'
import { SETTLED_JOBS } from '../../worker/runner.js'
import { createTaskList } from '../../worker/tasks/index.js'
import { testConfig } from '../support/config.js'
import { tempDir } from '../support/media.js'
import { freePort } from '../support/processes.js'
import { until } from '../support/wait.js'

/**
 * A PostgreSQL of its own (a backup copies the whole server), written to while the backup
 * runs, restored into a fresh data folder and started there.
 */
let tmp: Awaited<ReturnType<typeof tempDir>>
let original: EmbeddedDatabase | null = null
let restored: EmbeddedDatabase | null = null

beforeAll(async () => {
  tmp = await tempDir('backup')
  // Run as root, PostgreSQL runs as the user "postgres" and must reach its folder.
  await fsp.chmod(tmp.dir, 0o755)
})
afterAll(async () => {
  await original?.stop()
  await restored?.stop()
  await tmp.remove()
})

describe('a backup taken while the site writes', () => {
  it('restores into a fresh data folder, starts there and holds every row committed before it began', { timeout: 120_000 }, async () => {
    const port = await freePort()
    original = await startEmbeddedPostgres({ dataDir: path.join(tmp.dir, 'site', 'postgres'), port, database: 'streamclub' })
    const orm = await openOrm(original.url, { pool: 2 })
    await migrate(orm, original.url)
    await orm.close()
    const mediaDir = path.join(tmp.dir, 'site', 'media')
    await fsp.mkdir(path.join(mediaDir, 'public', 'k1'), { recursive: true })
    await fsp.writeFile(path.join(mediaDir, 'public', 'k1', 'poster-320.jpg'), 'a poster')
    await fsp.mkdir(path.join(mediaDir, '.work', 'k2.abcd'), { recursive: true })
    await fsp.writeFile(path.join(mediaDir, '.work', 'k2.abcd', 'half.ts'), 'scratch')

    const writer = new pg.Client({ connectionString: original.url })
    await writer.connect()
    await writer.query(`create table backup_probe (id bigserial primary key, phase text not null, filler text not null)`)
    const committed = { before: [] as number[], started: [] as number[] }
    const insert = async (phase: keyof typeof committed) => {
      const { rows } = await writer.query<{ id: string }>(
        `insert into backup_probe (phase, filler) values ($1, repeat(md5(random()::text), 30)) returning id`,
        [phase],
      )
      committed[phase].push(Number(rows[0]!.id))
    }
    for (let i = 0; i < 300; i++) await insert('before')

    // A second session keeps writing through the whole backup, in its own transactions.
    const busy = new pg.Client({ connectionString: original.url })
    await busy.connect()
    let writing = true
    let during = 0
    const background = (async () => {
      while (writing) {
        await busy.query(`insert into backup_probe (phase, filler) values ('during', repeat(md5(random()::text), 30))`)
        during++
      }
    })()

    const backups = path.join(tmp.dir, 'backups')
    const result = await backupDatabase({
      databaseUrl: original.url,
      dir: backups,
      mediaDir,
      keep: 7,
      // Once the backup has begun: commits, rewritten pages and new WAL segments, all before any file is copied.
      onStarted: async () => {
        for (let round = 0; round < 3; round++) {
          for (let i = 0; i < 50; i++) await insert('started')
          await writer.query(`update backup_probe set filler = upper(filler) where id % 7 = $1`, [round])
          await writer.query('select pg_switch_wal()')
        }
      },
    })
    writing = false
    await background
    await busy.end()
    const total = Number((await writer.query('select count(*) from backup_probe')).rows[0].count)
    await writer.end()
    expect(during).toBeGreaterThan(0)
    expect(result.manifest.walSegments.length).toBeGreaterThanOrEqual(4)
    expect(path.basename(result.file)).toMatch(/^streamclub-\d{8}T\d{9}Z\.tar\.gz$/)
    expect(result.media).toEqual({ files: 1, copied: 1, bytes: 'a poster'.length })

    // A restore never runs over a live server.
    await expect(restoreBackup({ file: result.file, dataDir: path.join(tmp.dir, 'site', 'postgres'), mediaDir: null })).rejects.toThrow(/is running/)

    // The machine is lost: the backup folder is all that is left.
    await original.stop()
    original = null
    const fresh = path.join(tmp.dir, 'new-machine')
    const outcome = await restoreBackup({ file: result.file, dataDir: path.join(fresh, 'postgres'), mediaDir: path.join(fresh, 'media') })
    expect(outcome.replaced).toBeNull()
    expect(outcome.manifest.stopLsn).toBe(result.manifest.stopLsn)
    expect(await fsp.readFile(path.join(fresh, 'media', 'public', 'k1', 'poster-320.jpg'), 'utf8')).toBe('a poster')
    expect(fs.existsSync(path.join(fresh, 'media', '.work'))).toBe(false)

    restored = await startEmbeddedPostgres({ dataDir: path.join(fresh, 'postgres'), port, database: 'streamclub' })
    const client = new pg.Client({ connectionString: restored.url })
    await client.connect()
    try {
      const ids = async (phase: string) =>
        new Set((await client.query<{ id: string }>('select id from backup_probe where phase = $1', [phase])).rows.map((row) => Number(row.id)))
      const before = await ids('before')
      expect(committed.before.filter((id) => !before.has(id))).toEqual([])
      // Rows committed after the backup began but before it ended are there too.
      const started = await ids('started')
      expect(committed.started.filter((id) => !started.has(id))).toEqual([])
      const {
        rows: [count],
      } = await client.query<{ n: number; upper: number }>(
        `select count(*)::int as n, count(*) filter (where filler = upper(filler) and phase = 'before')::int as upper from backup_probe`,
      )
      expect(count!.n).toBeLessThanOrEqual(total)
      expect(count!.upper).toBeGreaterThan(0)
      // The restored server is a working one: it writes, and its queue takes jobs.
      await client.query(`insert into backup_probe (phase, filler) values ('after restore', 'x')`)
      await client.query(`select graphile_worker.add_job('send_mail', '{"id": 1}'::json)`)
    } finally {
      await client.end()
    }
    const check = await openOrm(restored.url, { pool: 1 })
    expect(await check.migrator.getPending()).toEqual([])
    await check.close()

    // Restoring again over the now used folder moves it aside instead of deleting it.
    await restored.stop()
    restored = null
    const again = await restoreBackup({ file: result.file, dataDir: path.join(fresh, 'postgres'), mediaDir: null })
    expect(again.replaced).toMatch(/new-machine\/postgres\.replaced-/)
    expect(fs.existsSync(path.join(again.replaced!, 'PG_VERSION'))).toBe(true)
  })
})

describe('the nightly backup task', () => {
  it('backs up through a process of its own and keeps the newest BACKUP_KEEP', { timeout: 120_000 }, async () => {
    const port = await freePort()
    const site = path.join(tmp.dir, 'nightly')
    original = await startEmbeddedPostgres({ dataDir: path.join(site, 'postgres'), port, database: 'streamclub' })
    const orm = await openOrm(original.url, { pool: 2 })
    await migrate(orm, original.url)
    await fsp.mkdir(path.join(site, 'media', 'public', 'k9'), { recursive: true })
    await fsp.writeFile(path.join(site, 'media', 'public', 'k9', 'thumb.mp4'), 'a clip')
    const backups = path.join(site, 'backups')
    const config = testConfig({ DATABASE_URL: original.url, DATA_DIR: site, BACKUP_DIR: backups, BACKUP_KEEP: '1' })
    const taskList = createTaskList({ config, orm })
    // The queue's own pool, ended (and awaited) before PostgreSQL stops.
    const pgPool = new pg.Pool({ connectionString: original.url })
    try {
      for (let run = 0; run < 2; run++) {
        await orm.em.getConnection().execute(`select graphile_worker.add_job('backup_database', '{}'::json)`)
        await runOnce({ pgPool, taskList, preset: { worker: SETTLED_JOBS } })
      }
      expect(await orm.em.getConnection().execute(`select task_identifier, last_error from graphile_worker.jobs`)).toEqual([])
    } finally {
      await pgPool.end()
      await orm.close()
      // Pools end their connections in the background: PostgreSQL stops once none is left.
      const probe = new pg.Client({ connectionString: original.url })
      await probe.connect()
      await until('the connections to close', async () => {
        const { rows } = await probe.query(`select count(*)::int as n from pg_stat_activity where backend_type = 'client backend' and pid <> pg_backend_pid()`)
        return rows[0].n === 0
      })
      await probe.end()
      await original.stop()
      original = null
    }
    const archives = (await fsp.readdir(backups)).filter((name) => name.endsWith('.tar.gz'))
    expect(archives).toHaveLength(1)
    expect(await fsp.readFile(path.join(backups, 'media', 'public', 'k9', 'thumb.mp4'), 'utf8')).toBe('a clip')
  })
})

describe('the backup archive', () => {
  it('round-trips files and folders, long names included, and refuses a damaged or cut archive', async () => {
    const source = path.join(tmp.dir, 'tar-source')
    const long = `${'deep/'.repeat(30)}file.bin`
    await fsp.mkdir(path.join(source, path.dirname(long)), { recursive: true })
    const big = Buffer.alloc(3 * 1024 * 1024 + 17, 7)
    await fsp.writeFile(path.join(source, long), big)
    await fsp.writeFile(path.join(source, 'small.txt'), 'hello')

    const pack = async () => {
      const gzip = zlib.createGzip({ level: 1 })
      const chunks: Buffer[] = []
      gzip.on('data', (chunk: Buffer) => chunks.push(chunk))
      const tar = new TarWriter(gzip)
      await tar.directory('data/empty')
      expect(await tar.file(`data/${long}`, path.join(source, long))).toBe(true)
      expect(await tar.file('data/small.txt', path.join(source, 'small.txt'))).toBe(true)
      expect(await tar.file('data/gone.txt', path.join(source, 'gone.txt'))).toBe(false)
      await tar.buffer('note.json', Buffer.from('{"a":1}'))
      await tar.finish()
      return zlib.gunzipSync(Buffer.concat(chunks))
    }
    const archive = await pack()
    const into = path.join(tmp.dir, 'tar-out')
    const notes: string[] = []
    const unpack = (bytes: Buffer) => {
      const stream = new PassThrough()
      stream.end(bytes)
      return extractTar(
        stream,
        into,
        (entry) => (entry.name.startsWith('data/') ? path.join(into, entry.name.slice(5)) : null),
        (entry, data) => notes.push(`${entry.name} ${data.toString('utf8')}`),
      )
    }
    const entries = await unpack(archive)
    expect(entries.map((entry) => entry.name)).toEqual(['data/empty', `data/${long}`, 'data/small.txt', 'note.json'])
    expect((await fsp.readFile(path.join(into, long))).equals(big)).toBe(true)
    expect(await fsp.readFile(path.join(into, 'small.txt'), 'utf8')).toBe('hello')
    expect((await fsp.stat(path.join(into, 'empty'))).isDirectory()).toBe(true)
    expect(notes).toEqual(['note.json {"a":1}'])

    const damaged = Buffer.from(archive)
    damaged[10] = damaged[10]! ^ 0xff
    await expect(unpack(damaged)).rejects.toThrow(/damaged/)
    await expect(unpack(archive.subarray(0, 2 * 1024 * 1024))).rejects.toThrow(/cut short/)
    const escaping = async () => {
      const stream = new PassThrough()
      stream.end(archive)
      return extractTar(stream, into, (entry) => path.join(into, '..', entry.name))
    }
    await expect(escaping()).rejects.toThrow(/outside/)
  })
})

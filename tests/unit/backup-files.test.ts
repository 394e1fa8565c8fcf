import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { segmentRange } from '../../core/services/ops/backup/database.js'
import { backupFileName, listBackups, pruneBackups } from '../../core/services/ops/backup/files.js'

const SEGMENT_16MB = 16 * 1024 * 1024

describe('segmentRange', () => {
  it('lists the WAL segments from the first through the last', () => {
    expect(segmentRange('000000010000000000000002', '000000010000000000000002', SEGMENT_16MB)).toEqual(['000000010000000000000002'])
    expect(segmentRange('0000000100000000000000FE', '000000010000000100000001', SEGMENT_16MB)).toEqual([
      '0000000100000000000000FE',
      '0000000100000000000000FF',
      '000000010000000100000000',
      '000000010000000100000001',
    ])
    // 1 GiB segments: four per log id.
    expect(segmentRange('000000020000000A00000003', '000000020000000B00000000', 1024 * 1024 * 1024)).toEqual([
      '000000020000000A00000003',
      '000000020000000B00000000',
    ])
  })
  it('refuses a range across timelines', () => {
    expect(() => segmentRange('000000010000000000000002', '000000020000000000000003', SEGMENT_16MB)).toThrow(/timeline/)
  })
})

describe('backup files', () => {
  const dir = fs.mkdtemp(path.join(os.tmpdir(), 'streamclub-backup-files-'))
  afterAll(async () => fs.rm(await dir, { recursive: true, force: true }))

  it('names backups by their UTC start, lists them newest first and keeps the newest N', async () => {
    const folder = await dir
    expect(backupFileName(new Date('2026-11-25T03:30:00.123Z'))).toBe('streamclub-20261125T033000123Z.tar.gz')
    const days = ['2026-11-20', '2026-11-22', '2026-11-21', '2026-11-24', '2026-11-23']
    for (const day of days) await fs.writeFile(path.join(folder, backupFileName(new Date(`${day}T03:30:00Z`))), day)
    await fs.writeFile(path.join(folder, `${backupFileName(new Date('2026-11-25T03:30:00Z'))}.partial`), 'being written')
    await fs.writeFile(path.join(folder, 'notes.txt'), 'not a backup')

    expect((await listBackups(folder)).map((b) => path.basename(b.file))).toEqual([
      'streamclub-20261124T033000000Z.tar.gz',
      'streamclub-20261123T033000000Z.tar.gz',
      'streamclub-20261122T033000000Z.tar.gz',
      'streamclub-20261121T033000000Z.tar.gz',
      'streamclub-20261120T033000000Z.tar.gz',
    ])
    const removed = await pruneBackups(folder, 3)
    expect(removed.map((file) => path.basename(file))).toEqual(['streamclub-20261121T033000000Z.tar.gz', 'streamclub-20261120T033000000Z.tar.gz'])
    expect((await fs.readdir(folder)).sort()).toEqual([
      'notes.txt',
      'streamclub-20261122T033000000Z.tar.gz',
      'streamclub-20261123T033000000Z.tar.gz',
      'streamclub-20261124T033000000Z.tar.gz',
      'streamclub-20261125T033000000Z.tar.gz.partial',
    ])
    expect(await listBackups(path.join(folder, 'missing'))).toEqual([])
  })
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseCrontab, quickAddJob, runOnce } from 'graphile-worker'
import { Video } from '../../core/db/entities/index.js'
import { createTaskList, CRONTAB } from '../../worker/tasks/index.js'
import { createTestDatabase, type TestDatabase } from '../support/test-database.js'
import { testConfig } from '../support/config.js'
import { makeVideo } from '../support/factories.js'
import { isReleasable, MEDIA_STATUSES } from '../../core/domain/catalog/publish.js'
import type { Resolution } from '../../core/domain/media/resolutions.js'
import { releaseDueItems } from '../../core/services/catalog/release.js'

let db: TestDatabase
beforeAll(async () => {
  db = await createTestDatabase()
})
afterAll(() => db.drop())

describe('release_due_items', () => {
  it('is scheduled every minute by the crontab', () => {
    const items = parseCrontab(CRONTAB)
    const release = items.find((item) => item.task === 'release_due_items')
    expect(release).toBeDefined()
    expect(release!.match({ min: 7, hour: 13, date: 3, month: 5, dow: 2 })).toBe(true)
    expect(release!.match({ min: 8, hour: 13, date: 3, month: 5, dow: 2 })).toBe(true)
  })

  it('releases items whose publish time has passed and whose media is ready, and nothing else', async () => {
    const em = db.orm.em.fork()
    const past = new Date(Date.now() - 60_000)
    const due = makeVideo(em, { releasedAt: null, publishAt: past })
    const noDate = makeVideo(em, { releasedAt: null, publishAt: null })
    const future = makeVideo(em, { releasedAt: null, publishAt: new Date(Date.now() + 3_600_000) })
    const notReady = makeVideo(em, { releasedAt: null, publishAt: past, mediaStatus: 'processing' })
    await em.flush()

    await quickAddJob({ connectionString: db.url }, 'release_due_items', {})
    await runOnce({ connectionString: db.url, taskList: createTaskList({ config: testConfig(), orm: db.orm }) })

    const check = db.orm.em.fork()
    const released = async (video: Video) => (await check.findOneOrFail(Video, video.id)).releasedAt !== null
    expect(await released(due)).toBe(true)
    expect(await released(noDate)).toBe(true)
    expect(await released(future)).toBe(false)
    expect(await released(notReady)).toBe(false)
  })

  it(`releases exactly what the domain rule isReleasable allows, for every media status, ladder state, publish time and withdrawal (the console's unpublish)`, async () => {
    const em = db.orm.em.fork()
    const now = new Date(Date.now() + 7 * 24 * 3_600_000)
    const publishTimes = [null, new Date(now.getTime() - 60_000), now, new Date(now.getTime() + 1_000), new Date(now.getTime() + 3_600_000)]
    // Nothing published; the lowest rung published, the higher one to come; a whole ladder published.
    const ladders: Array<{ resolutions: Resolution[]; pendingResolutions: Resolution[] }> = [
      { resolutions: [], pendingResolutions: [] },
      { resolutions: ['sd'], pendingResolutions: ['hd'] },
      { resolutions: ['sd', 'hd'], pendingResolutions: [] },
    ]
    const cases = MEDIA_STATUSES.flatMap((mediaStatus) =>
      ladders.flatMap((ladder) => publishTimes.flatMap((publishAt) => [false, true].map((withdrawn) => ({ mediaStatus, ...ladder, publishAt, withdrawn })))),
    )
    const videos = cases.map((c) => makeVideo(em, { releasedAt: null, ...c }))
    await em.flush()

    await releaseDueItems(db.orm.em.fork(), now)

    const check = db.orm.em.fork()
    for (const [i, c] of cases.entries()) {
      const releasedAt = (await check.findOneOrFail(Video, videos[i]!.id)).releasedAt
      expect({ ...c, released: releasedAt !== null }).toEqual({ ...c, released: isReleasable(c, now) })
    }
    // Ready, or a rung published (4 statuses x 2 ladders), each at 3 publish times that have come, not withdrawn.
    expect(cases.filter((c) => isReleasable(c, now))).toHaveLength(27)
  })
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseCrontab, quickAddJob, runOnce } from 'graphile-worker'
import { Video } from '../../server/db/entities/index.js'
import { createTaskList, CRONTAB } from '../../worker/tasks/index.js'
import { createTestDatabase, type TestDatabase } from '../support/test-database.js'
import { testConfig } from '../support/config.js'
import { makeVideo } from '../support/factories.js'

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
})

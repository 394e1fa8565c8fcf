/**
 * The console's edit of an item's texts in the five languages and its publishing: audited,
 * shown on the public site at once, released state following the publishing rule, bad input
 * refused with translated field messages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AuditEntry, Video } from '../../core/db/entities/index.js'
import { signedInAs } from '../support/admin.js'
import { createTestApp, trpcMutation, trpcQuery, type TestApp } from '../support/app.js'
import { makeVideo } from '../support/factories.js'
import { createTestDatabase, type TestDatabase } from '../support/test-database.js'

let db: TestDatabase
let t: TestApp
let admin: { cookie: string; email: string }
let video: Video

beforeAll(async () => {
  db = await createTestDatabase()
  t = await createTestApp(db.orm, { LOG_LEVEL: 'silent', CATALOG_CACHE_TTL_MS: '0' })
  const em = db.orm.em.fork()
  admin = await signedInAs(em, 'admin')
  video = makeVideo(em, { title: { de: 'Alter Titel', en: 'Old title' }, description: { de: 'Alt' } })
  await em.flush()
})
afterAll(async () => {
  await t?.app.close()
  await db?.drop()
})

const edit = (input: Record<string, unknown>, locale = 'en') => trpcMutation(t.app, 'admin.content.update', input, { cookie: admin.cookie, 'x-locale': locale })
const publicTitle = async (locale: string) => {
  const res = await trpcQuery(t.app, 'catalog.video', { locale, id: video.id })
  return res.statusCode === 200 ? (res.json().result.data.title as string) : res.statusCode
}
const empty = { de: '', en: '', es: '', fr: '', it: '' }

describe('admin.content', () => {
  it('shows every language, empty where a translation is missing', async () => {
    const res = await trpcQuery(t.app, 'admin.content.item', { kind: 'video', id: video.id }, { cookie: admin.cookie })
    expect(res.json().result.data).toMatchObject({
      title: { de: 'Alter Titel', en: 'Old title', es: '', fr: '', it: '' },
      description: { de: 'Alt', en: '', es: '', fr: '', it: '' },
      downloadable: true,
      publishAt: null,
    })
  })

  it('saves the five languages, writes the audit entry and the public site shows it at once', async () => {
    const res = await edit({
      kind: 'video',
      id: video.id,
      title: { de: ' Neuer Titel ', en: 'New title', es: 'Título nuevo', fr: '', it: 'Titolo nuovo' },
      description: { ...empty, de: 'Neu' },
      publishAt: null,
      downloadable: false,
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(await publicTitle('de')).toBe('Neuer Titel')
    expect(await publicTitle('fr')).toBe('Neuer Titel') // missing: German fallback
    const row = await db.orm.em.fork().findOneOrFail(Video, video.id)
    expect(row.title).toEqual({ de: 'Neuer Titel', en: 'New title', es: 'Título nuevo', it: 'Titolo nuovo' })
    expect(row.downloadable).toBe(false)
    const [entry] = await db.orm.em.fork().find(AuditEntry, { action: 'admin.content.update' })
    expect(entry).toMatchObject({
      userEmail: admin.email,
      targetType: 'video',
      targetId: String(video.id),
      before: { title: { de: 'Alter Titel', en: 'Old title' }, downloadable: true },
      after: { title: { de: 'Neuer Titel' }, downloadable: false },
    })
  })

  it('a publish time in the future takes the item off the site; none puts it back at once', async () => {
    const future = new Date(Date.now() + 7 * 86_400_000).toISOString()
    const base = { kind: 'video', id: video.id, title: { ...empty, de: 'Neuer Titel' }, description: empty, downloadable: true }
    expect((await edit({ ...base, publishAt: future })).statusCode).toBe(200)
    expect((await db.orm.em.fork().findOneOrFail(Video, video.id)).releasedAt).toBeNull()
    expect(await publicTitle('de')).toBe(404)
    expect((await edit({ ...base, publishAt: null })).statusCode).toBe(200)
    expect((await db.orm.em.fork().findOneOrFail(Video, video.id)).releasedAt).not.toBeNull()
    expect(await publicTitle('de')).toBe('Neuer Titel')
  })

  it('refuses an item without a German or English title, a bad date, a too long text: translated, on the field', async () => {
    const base = { kind: 'video', id: video.id, description: empty, downloadable: true, publishAt: null }
    const noTitle = await edit({ ...base, title: { ...empty, it: 'Solo italiano' } }, 'de')
    expect(noTitle.statusCode).toBe(400)
    expect(noTitle.json().error.data.fieldErrors).toEqual({
      'title.de': 'Gib einen Titel auf Deutsch oder Englisch ein (auf diese Sprachen greifen alle anderen zurück).',
    })
    const badDate = await edit({ ...base, title: { ...empty, en: 'x' }, publishAt: 'tomorrow' })
    expect(badDate.json().error.data.fieldErrors).toEqual({ publishAt: 'Enter a valid date and time.' })
    const long = await edit({ ...base, title: { ...empty, en: 'x'.repeat(301) } })
    expect(long.json().error.data.fieldErrors).toEqual({ 'title.en': 'This title is too long.' })
    const missing = await edit({ ...base, id: 999_999, title: { ...empty, en: 'x' } })
    expect(missing.statusCode).toBe(404)
    expect((await db.orm.em.fork().findOneOrFail(Video, video.id)).title.de).toBe('Neuer Titel')
  })

  it('keeps the tour texts (what the blurred tour shows instead) per language: audited, empty means none, absent keeps them', async () => {
    const base = { kind: 'video', id: video.id, title: { ...empty, de: 'Neuer Titel' }, description: empty, downloadable: true, publishAt: null }
    const saved = await edit({
      ...base,
      tourTitle: { ...empty, de: ' Farbbalken ', en: 'Colour bars' },
      tourDescription: { ...empty, en: 'A calm test pattern.' },
    })
    expect(saved.statusCode, saved.body).toBe(200)
    const row = await db.orm.em.fork().findOneOrFail(Video, video.id)
    expect(row.tourTitle).toEqual({ de: 'Farbbalken', en: 'Colour bars' })
    expect(row.tourDescription).toEqual({ en: 'A calm test pattern.' })
    const item = (await trpcQuery(t.app, 'admin.content.item', { kind: 'video', id: video.id }, { cookie: admin.cookie })).json().result.data
    expect(item).toMatchObject({ tourTitle: { ...empty, de: 'Farbbalken', en: 'Colour bars' }, tourDescription: { ...empty, en: 'A calm test pattern.' } })
    const entries = await db.orm.em.fork().find(AuditEntry, { action: 'admin.content.update' }, { orderBy: { id: 'desc' } })
    expect(entries[0]).toMatchObject({
      before: { tourTitle: null },
      after: { tourTitle: { de: 'Farbbalken', en: 'Colour bars' }, tourDescription: { en: 'A calm test pattern.' } },
    })

    // A save without them (another client) keeps them; empty in every language removes them.
    expect((await edit(base)).statusCode).toBe(200)
    expect((await db.orm.em.fork().findOneOrFail(Video, video.id)).tourTitle).toEqual({ de: 'Farbbalken', en: 'Colour bars' })
    expect((await edit({ ...base, tourTitle: empty, tourDescription: empty })).statusCode).toBe(200)
    const cleared = await db.orm.em.fork().findOneOrFail(Video, video.id)
    expect([cleared.tourTitle, cleared.tourDescription]).toEqual([null, null])

    const long = await edit({ ...base, tourTitle: { ...empty, fr: 'x'.repeat(301) } }, 'fr')
    expect(long.statusCode).toBe(400)
    expect(long.json().error.data.fieldErrors).toEqual({ 'tourTitle.fr': expect.stringMatching(/titre/i) })
  })
})

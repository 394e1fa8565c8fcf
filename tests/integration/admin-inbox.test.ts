/**
 * The console's inbox: removal reports sent through the site with their due date and states,
 * the unpublish of the videos and image sets a report names (off the public site at once,
 * never released again by the release task or an edit), contact
 * messages marked handled, error feedback, the home page's counts. Every change writes its
 * audit entry; bad input is refused with a translated message and leaves the data as it was.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { AuditEntry, ContactMessage, ErrorFeedback, RemovalReport, Video } from '../../core/db/entities/index.js'
import { reportDue } from '../../core/domain/site/reports.js'
import { releaseDueItems } from '../../core/services/catalog/release.js'
import { signedInAs } from '../support/admin.js'
import { createTestApp, SITE_CLIENT, trpcMutation, trpcQuery, type TestApp } from '../support/app.js'
import { PUBLIC_DEMO_SITE } from '../support/config.js'
import { errorOf } from '../support/accounts.js'
import { makeImageSet, makeModel, makeVideo } from '../support/factories.js'
import { createTestDatabase, type TestDatabase } from '../support/test-database.js'

const PUBLIC_URL = 'https://streamclub.example'
const DAY = 86_400_000

let db: TestDatabase
let t: TestApp
let admin: { cookie: string; email: string; id: number }

beforeAll(async () => {
  db = await createTestDatabase()
  t = await createTestApp(db.orm, { PUBLIC_URL, ...PUBLIC_DEMO_SITE, CATALOG_CACHE_TTL_MS: '0', RATE_LIMIT_PER_IP: '100000' })
  admin = await signedInAs(db.orm.em.fork(), 'admin')
})
afterAll(async () => {
  await t?.app.close()
  await db?.drop()
})
beforeEach(async () => {
  await db.orm.em.getConnection().execute('truncate removal_report, contact_message, error_feedback, audit_log restart identity')
})

const asAdmin = (locale = 'en') => ({ cookie: admin.cookie, 'x-locale': locale })
const query = async (path: string, input: unknown, locale = 'en') => {
  const res = await trpcQuery(t.app, path, input, asAdmin(locale))
  expect(res.statusCode, res.body).toBe(200)
  return res.json().result.data
}
const change = (path: string, input: unknown, locale = 'en') => trpcMutation(t.app, path, input, asAdmin(locale))
const auditOf = (action: string) => db.orm.em.fork().find(AuditEntry, { action }, { orderBy: { id: 'asc' } })
const fresh = () => db.orm.em.fork()

let senders = 0
/** A report sent through the site's report form, as a visitor sends it (each from its own address: the form's limit is per address). */
async function sendReport(urls: string[], name = 'Anna Muster') {
  const res = await t.app.inject({
    method: 'POST',
    remoteAddress: `203.0.113.${++senders}`,
    url: '/trpc/site.report',
    payload: {
      name,
      email: 'anna@example.com',
      urls,
      type: 'abuse',
      depicted: true,
      issues: ['personal_info'],
      description: 'Published without my consent.',
      signature: 'Anna Maria Muster',
      oath: true,
    },
    headers: { 'content-type': 'application/json', ...SITE_CLIENT, 'x-locale': 'de' },
  })
  expect(res.statusCode, res.body).toBe(200)
  return (await fresh().findOneOrFail(RemovalReport, { name }, { orderBy: { id: 'desc' } })).id
}

/** A report that arrived `daysAgo` days ago. */
async function oldReport(daysAgo: number, status: 'new' | 'inReview' | 'removed' = 'new') {
  const em = fresh()
  const createdAt = new Date(Date.now() - daysAgo * DAY)
  const row = em.create(RemovalReport, {
    name: `Old ${daysAgo}`,
    email: 'old@example.com',
    urls: [`${PUBLIC_URL}/de/faq`],
    type: 'copyright',
    depicted: false,
    issues: ['minors'],
    description: 'Old report',
    signature: 'Old Sender',
    locale: 'en',
    status,
    createdAt,
  })
  await em.flush()
  return row.id
}

const publicVideo = async (id: number) => (await trpcQuery(t.app, 'catalog.video', { locale: 'en', id })).statusCode
const publicImageSet = async (id: number) => (await trpcQuery(t.app, 'catalog.imageSet', { locale: 'en', id })).statusCode

describe('removal reports', () => {
  it('a report sent through the site is listed as new with its due date; overdue ones come first and stand out', async () => {
    const overdue = await oldReport(30)
    const id = await sendReport([`${PUBLIC_URL}/de/videos/1`])
    const done = await oldReport(40, 'removed')
    const list = await query('admin.inbox.reports', { filter: 'open' })
    expect(list.items.map((r: { id: number }) => r.id)).toEqual([overdue, id])
    const sent = list.items[1]
    const row = await fresh().findOneOrFail(RemovalReport, id)
    expect(sent).toMatchObject({
      state: 'new',
      overdue: false,
      urgent: false,
      dueDay: reportDue(row.createdAt).day,
      dueAt: reportDue(row.createdAt).at.toISOString(),
    })
    expect(list.items[0]).toMatchObject({ state: 'new', overdue: true, urgent: true })
    expect((await query('admin.inbox.reports', { filter: 'overdue' })).items.map((r: { id: number }) => r.id)).toEqual([overdue])
    expect((await query('admin.inbox.reports', { filter: 'all' })).items.map((r: { id: number }) => r.id)).toEqual([id, overdue, done])
    expect((await query('admin.inbox.reports', { filter: 'removed' })).meta).toEqual({ total: 1, page: 1, lastPage: 1 })
    expect(await query('admin.inbox.counts', undefined)).toMatchObject({ newReports: 2, overdueReports: 1, inReviewReports: 0 })
  })

  it('shows what each URL names: a video, an image set, a model, an id that does not exist, another page', async () => {
    const em = fresh()
    const video = makeVideo(em, { title: { de: 'Das Video', en: 'The video' } })
    const set = makeImageSet(em, { title: { de: 'Die Serie' } })
    const model = makeModel(em, { firstName: 'Mila' })
    await em.flush()
    const id = await sendReport([
      `${PUBLIC_URL}/de/videos/${video.id}`,
      `${PUBLIC_URL}/en/images/${set.id}`,
      `${PUBLIC_URL}/it/models/${model.id}?type=videos`,
      `${PUBLIC_URL}/de/videos/999999`,
      `${PUBLIC_URL}/de/faq`,
    ])
    const detail = await query('admin.inbox.report', { id })
    expect(detail).toMatchObject({
      id,
      name: 'Anna Muster',
      description: 'Published without my consent.',
      signature: 'Anna Maria Muster',
      depicted: true,
      locale: 'de',
      state: 'new',
      note: null,
    })
    expect(detail.items).toEqual([
      { url: `${PUBLIC_URL}/de/videos/${video.id}`, kind: 'video', id: video.id, found: true, title: 'The video', status: 'published' },
      { url: `${PUBLIC_URL}/en/images/${set.id}`, kind: 'imageSet', id: set.id, found: true, title: 'Die Serie', status: 'published' },
      { url: `${PUBLIC_URL}/it/models/${model.id}?type=videos`, kind: 'model', id: model.id, found: true, title: 'Mila', status: null },
      { url: `${PUBLIC_URL}/de/videos/999999`, kind: 'video', id: 999999, found: false, title: null, status: null },
      { url: `${PUBLIC_URL}/de/faq`, kind: null, id: null, found: false, title: null, status: null },
    ])
    const missing = await trpcQuery(t.app, 'admin.inbox.report', { id: 424242 }, asAdmin('de'))
    expect(missing.statusCode).toBe(404)
    expect(errorOf(missing).message).toBe('Diesen Inhalt gibt es nicht.')
  })

  it('changes the state with an optional note, audited before and after', async () => {
    const id = await sendReport([`${PUBLIC_URL}/de/videos/1`])
    const res = await change('admin.inbox.setReportState', { id, state: 'inReview', note: '  Asked the producer.  ' })
    expect(res.statusCode, res.body).toBe(200)
    expect(await fresh().findOneOrFail(RemovalReport, id)).toMatchObject({ status: 'inReview', statusNote: 'Asked the producer.' })
    // A note alone on the same state is a change too; without one it is refused.
    expect((await change('admin.inbox.setReportState', { id, state: 'inReview', note: 'Producer answered.' })).statusCode).toBe(200)
    expect((await change('admin.inbox.setReportState', { id, state: 'rejected', note: '' })).statusCode).toBe(200)
    const entries = await auditOf('admin.inbox.setReportState')
    expect(entries.map((e) => [e.targetType, e.targetId, e.userEmail, e.before, e.after])).toEqual([
      ['removalReport', String(id), admin.email, { state: 'new', note: null }, { state: 'inReview', note: 'Asked the producer.' }],
      ['removalReport', String(id), admin.email, { state: 'inReview', note: 'Asked the producer.' }, { state: 'inReview', note: 'Producer answered.' }],
      ['removalReport', String(id), admin.email, { state: 'inReview', note: 'Producer answered.' }, { state: 'rejected', note: null }],
    ])
    expect((await query('admin.inbox.report', { id })).stateChangedAt).not.toBeNull()
  })

  it('refuses a bad state, a note too long, the same state without a note and an unknown report, translated, and changes nothing', async () => {
    const id = await sendReport([`${PUBLIC_URL}/de/videos/1`])
    const bad = await change('admin.inbox.setReportState', { id, state: 'deleted', note: '' }, 'de')
    expect(bad.statusCode).toBe(400)
    expect(errorOf(bad).data.fieldErrors).toEqual({ state: 'Wähle einen der Zustände einer Meldung.' })
    const long = await change('admin.inbox.setReportState', { id, state: 'inReview', note: 'x'.repeat(2001) }, 'fr')
    expect(long.statusCode).toBe(400)
    expect(errorOf(long).data.fieldErrors).toEqual({ note: 'Cette note est trop longue (2 000 caractères au plus).' })
    const nul = await change('admin.inbox.setReportState', { id, state: 'inReview', note: 'a\u0000b' }, 'en')
    expect(nul.statusCode).toBe(400)
    const same = await change('admin.inbox.setReportState', { id, state: 'new', note: '' }, 'it')
    expect(same.statusCode).toBe(409)
    expect(errorOf(same).message).toBe('La segnalazione è già in questo stato. Scegli un altro stato o aggiungi una nota.')
    expect((await change('admin.inbox.setReportState', { id: 999999, state: 'inReview', note: '' })).statusCode).toBe(404)
    expect(await fresh().findOneOrFail(RemovalReport, id)).toMatchObject({ status: 'new', statusNote: null })
    expect(await fresh().count(AuditEntry, {})).toBe(0)
  })
})

describe('unpublishing what a report names', () => {
  it('takes the named video and image set off the site at once, marks the report removed, and audits each change', async () => {
    const em = fresh()
    const publishAt = new Date(Date.now() - 10 * DAY)
    const video = makeVideo(em, { publishAt })
    const set = makeImageSet(em)
    const upcoming = makeVideo(em, { publishAt: new Date(Date.now() + 5 * DAY), releasedAt: null })
    const model = makeModel(em)
    await em.flush()
    const id = await sendReport([
      `${PUBLIC_URL}/de/videos/${video.id}`,
      `${PUBLIC_URL}/en/videos/${video.id}`,
      `${PUBLIC_URL}/de/images/${set.id}`,
      `${PUBLIC_URL}/de/videos/${upcoming.id}`,
      `${PUBLIC_URL}/de/models/${model.id}`,
    ])
    const soon = async () => (await trpcQuery(t.app, 'catalog.videos', { locale: 'en', soon: true })).json().result.data.items.map((i: { id: number }) => i.id)
    expect(await soon()).toContain(upcoming.id)
    expect(await publicVideo(video.id)).toBe(200)

    const res = await change('admin.inbox.unpublishReported', { id, note: 'Consent missing.' })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().result.data).toEqual({ unpublished: 3 })
    expect(await publicVideo(video.id)).toBe(404)
    expect(await publicImageSet(set.id)).toBe(404)
    expect(await soon()).not.toContain(upcoming.id)
    expect(await fresh().findOneOrFail(Video, video.id)).toMatchObject({ withdrawn: true, releasedAt: null, publishAt })
    expect(await fresh().findOneOrFail(RemovalReport, id)).toMatchObject({ status: 'removed', statusNote: 'Consent missing.' })
    const detail = await query('admin.inbox.report', { id })
    expect(detail.items.map((i: { status: string | null }) => i.status)).toEqual(['unpublished', 'unpublished', 'unpublished', 'unpublished', null])

    const entries = await auditOf('admin.inbox.unpublishReported')
    expect(entries.map((e) => `${e.targetType} ${e.targetId}`)).toEqual([
      `video ${video.id}`,
      `imageSet ${set.id}`,
      `video ${upcoming.id}`,
      `removalReport ${id}`,
    ])
    expect(entries[0]).toMatchObject({
      userEmail: admin.email,
      before: { withdrawn: false, publishAt: publishAt.toISOString() },
      after: { withdrawn: true, releasedAt: null },
    })
    expect(entries[0]!.before).toHaveProperty('releasedAt', expect.any(String))
    expect(entries[3]).toMatchObject({ before: { state: 'new', note: null }, after: { state: 'removed', note: 'Consent missing.' } })

    // Nothing brings it back by itself: not the release task, not an edit of its texts.
    await releaseDueItems(fresh(), new Date())
    const edit = await change('admin.content.update', {
      kind: 'video',
      id: video.id,
      title: { de: 'Neu', en: '', es: '', fr: '', it: '' },
      description: { de: '', en: '', es: '', fr: '', it: '' },
      publishAt: publishAt.toISOString(),
      downloadable: true,
    })
    expect(edit.statusCode, edit.body).toBe(200)
    expect(await publicVideo(video.id)).toBe(404)

    // Everything is off and the report removed: a second unpublish has nothing to do.
    const again = await change('admin.inbox.unpublishReported', { id, note: '' }, 'de')
    expect(again.statusCode).toBe(409)
    expect(errorOf(again).message).toBe('Alles, was diese Meldung nennt, ist schon von der Seite genommen, und die Meldung ist als entfernt markiert.')
  })

  it('refuses a report that names no video or image set of this site, and leaves it as it was', async () => {
    const em = fresh()
    const model = makeModel(em)
    await em.flush()
    const id = await sendReport([`${PUBLIC_URL}/de/models/${model.id}`, `${PUBLIC_URL}/de/videos/999999`, `${PUBLIC_URL}/de/faq`])
    const res = await change('admin.inbox.unpublishReported', { id, note: 'x' }, 'en')
    expect(res.statusCode).toBe(409)
    expect(errorOf(res).message).toBe('This report names no video or image set of this site that could be unpublished.')
    expect(await fresh().findOneOrFail(RemovalReport, id)).toMatchObject({ status: 'new', statusNote: null })
    expect(await fresh().count(AuditEntry, {})).toBe(0)
  })
})

describe('contact messages and error feedback', () => {
  async function sendContact(subject: string) {
    const res = await trpcMutation(
      t.app,
      'site.contact',
      { first_name: 'Ben', last_name: 'Beispiel', email: 'ben@example.com', subject, message: `About ${subject}` },
      { 'x-locale': 'fr' },
    )
    expect(res.statusCode, res.body).toBe(200)
    return (await fresh().findOneOrFail(ContactMessage, { subject })).id
  }

  it('lists open messages newest first, marks one handled (audited) and open again; refuses marking it twice', async () => {
    const first = await sendContact('Billing')
    const second = await sendContact('Downloads')
    const open = await query('admin.inbox.messages', { filter: 'open' })
    expect(open.items.map((m: { id: number }) => m.id)).toEqual([second, first])
    expect(open.items[0]).toMatchObject({
      name: 'Ben Beispiel',
      email: 'ben@example.com',
      subject: 'Downloads',
      message: 'About Downloads',
      locale: 'fr',
      handledAt: null,
    })
    expect(await query('admin.inbox.counts', undefined)).toMatchObject({ openMessages: 2 })

    const res = await change('admin.inbox.setMessageHandled', { id: first, handled: true })
    expect(res.statusCode, res.body).toBe(200)
    expect((await query('admin.inbox.messages', { filter: 'open' })).items.map((m: { id: number }) => m.id)).toEqual([second])
    expect((await query('admin.inbox.messages', { filter: 'handled' })).items.map((m: { id: number }) => m.id)).toEqual([first])
    const [entry] = await auditOf('admin.inbox.setMessageHandled')
    expect(entry).toMatchObject({
      targetType: 'contactMessage',
      targetId: String(first),
      before: { handledAt: null },
      after: { handledAt: expect.any(String) },
    })

    const twice = await change('admin.inbox.setMessageHandled', { id: first, handled: true }, 'de')
    expect(twice.statusCode).toBe(409)
    expect(errorOf(twice).message).toBe('Diese Nachricht ist schon als erledigt markiert.')
    expect((await change('admin.inbox.setMessageHandled', { id: first, handled: false })).statusCode).toBe(200)
    expect((await fresh().findOneOrFail(ContactMessage, first)).handledAt).toBeNull()
    expect((await change('admin.inbox.setMessageHandled', { id: first, handled: 'yes' })).statusCode).toBe(400)
    expect((await change('admin.inbox.setMessageHandled', { id: 999999, handled: true })).statusCode).toBe(404)
    expect(await fresh().count(AuditEntry, { action: 'admin.inbox.setMessageHandled' })).toBe(2)
  })

  it('lists error feedback newest first with the page, the error and who sent it', async () => {
    const user = await signedInAs(fresh(), 'user')
    const send = (message: string, cookie?: string) =>
      trpcMutation(t.app, 'site.errorFeedback', { message, path: '/de/videos/3', error: 'TypeError: x is undefined' }, cookie ? { cookie } : {})
    expect((await send('I pressed play')).statusCode).toBe(200)
    expect((await send('Clicked a model', user.cookie)).statusCode).toBe(200)
    const list = await query('admin.inbox.feedback', { page: 1 })
    expect(list.items).toMatchObject([
      { message: 'Clicked a model', path: '/de/videos/3', error: 'TypeError: x is undefined', userEmail: user.email },
      { message: 'I pressed play', userEmail: null },
    ])
    expect(list.meta.total).toBe(2)
    expect(await query('admin.inbox.counts', undefined)).toMatchObject({ recentFeedback: 2, feedbackDays: 7 })
    expect(await fresh().count(ErrorFeedback, {})).toBe(2)
    expect((await trpcQuery(t.app, 'admin.inbox.feedback', { page: 0 }, asAdmin())).statusCode).toBe(400)
  })
})

describe('paging', () => {
  it('pages reports 25 at a time', async () => {
    for (let i = 0; i < 27; i++) await oldReport(i % 3)
    const second = await query('admin.inbox.reports', { filter: 'all', page: 2 })
    expect(second.items).toHaveLength(2)
    expect(second.meta).toEqual({ total: 27, page: 2, lastPage: 2 })
  })
})

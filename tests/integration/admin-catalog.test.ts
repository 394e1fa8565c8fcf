/**
 * The console's catalog editors, end to end through HTTP as the page calls them: each save is
 * audited (before and after), shows on the public API at once, and bad input is refused with a
 * translated message and leaves the data as it was. Pictures are real files decoded by ffmpeg.
 */
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AuditEntry, Banner, Category, Model, Plan, Video } from '../../core/db/entities/index.js'
import { probePicture } from '../../core/ffmpeg/pictures.js'
import { ffmpegBinaries } from '../../core/ffmpeg/binaries.js'
import { command, run } from '../../core/ffmpeg/run.js'
import { ensurePlans } from '../../scripts/seed/plans.js'
import { seedFaq } from '../../scripts/seed/faq.js'
import { seedLegalPages } from '../../scripts/seed/legal.js'
import { signedInAs } from '../support/admin.js'
import { createTestApp, SITE_CLIENT, trpcMutation, trpcQuery, type TestApp } from '../support/app.js'
import { makeCategory, makeModel, makeSubscription, makeVideo } from '../support/factories.js'
import { makeUser } from '../support/accounts.js'
import { createTestDatabase, type TestDatabase } from '../support/test-database.js'

let db: TestDatabase
let t: TestApp
let dir: string
let admin: { cookie: string; email: string }
let user: { cookie: string }
const files: Record<string, string> = {}

const empty = { de: '', en: '', es: '', fr: '', it: '' }

async function picture(name: string, width: number, height: number) {
  const file = path.join(dir, name)
  await run(command().input(`testsrc2=size=${width}x${height}`).inputOptions(['-f', 'lavfi']).output(file).outputOptions(['-frames:v', '1', '-f', 'image2']))
  return file
}

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'admin-catalog-'))
  db = await createTestDatabase()
  t = await createTestApp(db.orm, { LOG_LEVEL: 'silent', CATALOG_CACHE_TTL_MS: '60000', MEDIA_DIR: path.join(dir, 'media') })
  ffmpegBinaries(t.config)
  const em = db.orm.em.fork()
  admin = await signedInAs(em, 'admin')
  user = await signedInAs(em, 'user')
  files.photo = await picture('photo.jpg', 1200, 900)
  files.png = await picture('tiny.png', 32, 32)
  await fs.writeFile(path.join(dir, 'fake.png'), Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]))
  await fs.writeFile(path.join(dir, 'text.png'), 'not a picture at all')
})
afterAll(async () => {
  await t?.app.close()
  await db?.drop()
  if (dir) await fs.rm(dir, { recursive: true, force: true })
})

const as = (cookie: string, locale = 'de') => ({ cookie, 'x-locale': locale })
const save = (path: string, input: unknown, locale = 'de') => trpcMutation(t.app, path, input, as(admin.cookie, locale))
const read = async (path: string, input: unknown) => {
  const res = await trpcQuery(t.app, path, input)
  return res.statusCode === 200 ? res.json().result.data : res.statusCode
}
const auditOf = (targetType: string, targetId: number | string) =>
  db.orm.em.fork().find(AuditEntry, { targetType, targetId: String(targetId) }, { orderBy: { id: 'asc' } })

async function upload(use: string, file: string, cookie = admin.cookie) {
  const body = await fs.readFile(file)
  return t.app.inject({
    method: 'PUT',
    url: `/admin/pictures?use=${use}`,
    headers: { ...SITE_CLIENT, 'x-locale': 'de', cookie, 'content-type': 'application/octet-stream' },
    payload: body,
  })
}
async function uploaded(use: string) {
  const res = await upload(use, files.photo!)
  expect(res.statusCode, res.body).toBe(201)
  return res.json().key as string
}

describe('PUT /admin/pictures', () => {
  it('is refused to visitors and users before reading the picture', async () => {
    const body = await fs.readFile(files.photo!)
    const visitor = await t.app.inject({
      method: 'PUT',
      url: '/admin/pictures?use=model',
      headers: { ...SITE_CLIENT, 'content-type': 'application/octet-stream' },
      payload: body,
    })
    expect(visitor.statusCode).toBe(401)
    expect((await upload('model', files.photo!, user.cookie)).statusCode).toBe(403)
    // A cross-site form cannot send it: another content type, or no client header, is refused.
    const form = await t.app.inject({
      method: 'PUT',
      url: '/admin/pictures?use=model',
      headers: { cookie: admin.cookie, 'content-type': 'image/jpeg' },
      payload: body,
    })
    expect(form.statusCode).toBe(403)
  })

  it('refuses what is no usable picture, in the reader language', async () => {
    const type = await upload('model', path.join(dir, 'text.png'))
    expect(type.statusCode).toBe(400)
    expect(type.json().error).toBe('Nur Bilder im Format JPEG, PNG oder WebP können hochgeladen werden.')
    expect((await upload('model', path.join(dir, 'fake.png'))).json().reason).toBe('pictureUnreadable')
    const small = await upload('model', files.png!)
    expect(small.json()).toMatchObject({ reason: 'pictureTooSmall', error: expect.stringContaining('64') })
    expect((await upload('nothing', files.photo!)).statusCode).toBe(400)
    const tooLarge = await t.app.inject({
      method: 'PUT',
      url: '/admin/pictures?use=model',
      headers: { ...SITE_CLIENT, cookie: admin.cookie, 'content-type': 'application/octet-stream', 'content-length': '20000000' },
      payload: Buffer.alloc(10),
    })
    expect(tooLarge.statusCode).toBe(413)
  })

  it('makes the sizes the site shows', async () => {
    const key = await uploaded('model')
    const sizes = await Promise.all(
      ['avatar', 'preview', 'previewThumbnail'].map((name) => probePicture(path.join(dir, 'media', 'public', 'pictures', key, `${name}.jpg`))),
    )
    expect(sizes.map((s) => s && [s.width, s.height])).toEqual([
      [256, 256],
      [600, 800],
      [300, 400],
    ])
  })
})

describe('admin.models', () => {
  it('saves every field, audits it, and the German model page shows it at once', async () => {
    const em = db.orm.em.fork()
    const model = makeModel(em, { firstName: 'Alina' })
    await em.flush()
    expect(await read('catalog.model', { locale: 'de', id: model.id })).toMatchObject({ name: 'Alina' }) // cached now
    const key = await uploaded('model')
    const input = {
      id: model.id,
      firstName: 'Alina Marie',
      birthDate: '1995-03-21',
      description: { ...empty, de: 'Kurz über Alina', en: 'About Alina' },
      bio: { ...empty, de: 'Ihre Geschichte' },
      cupSize: 'c',
      genitalArea: 'shaved',
      heightCm: 168,
      weightKg: 55,
      nationality: 'czech',
      zodiac: 'aries',
      preferences: ['lingerie', 'webcam'],
      picture: key,
    }
    const res = await save('admin.models.save', input)
    expect(res.statusCode, res.body).toBe(200)
    // The cached answer is dropped when the change's notification arrives (moments after the commit).
    await expect.poll(async () => (await read('catalog.model', { locale: 'de', id: model.id })).name, { timeout: 10_000 }).toBe('Alina Marie')
    const page = await read('catalog.model', { locale: 'de', id: model.id })
    expect(page).toMatchObject({
      name: 'Alina Marie',
      description: 'Kurz über Alina',
      bio: 'Ihre Geschichte',
      preferences: ['lingerie', 'webcam'],
      facts: { cupSize: 'C', genitalArea: 'shaved', heightCm: 168, weightKg: 55, nationality: 'czech', zodiac: 'aries' },
    })
    expect(page.avatar.src).toContain(`/pictures/${key}/`)
    const [entry] = await auditOf('model', model.id)
    expect(entry).toMatchObject({
      userEmail: admin.email,
      action: 'admin.models.save',
      before: { firstName: 'Alina', heightCm: null },
      after: { firstName: 'Alina Marie', heightCm: 168 },
    })
  })

  it('refuses bad input with translated field messages and changes nothing', async () => {
    const em = db.orm.em.fork()
    const model = makeModel(em, { firstName: 'Bea' })
    await em.flush()
    const base = {
      id: model.id,
      firstName: 'Bea',
      birthDate: null,
      description: empty,
      bio: empty,
      cupSize: null,
      genitalArea: null,
      heightCm: null,
      weightKg: null,
      nationality: null,
      zodiac: null,
      preferences: [],
      picture: null,
    }
    const tall = await save('admin.models.save', { ...base, heightCm: 500 })
    expect(tall.statusCode).toBe(400)
    expect(tall.json().error.data.fieldErrors).toEqual({ heightCm: 'Gib eine Größe zwischen 120 und 230 cm ein.' })
    const young = await save('admin.models.save', { ...base, firstName: 'Changed', birthDate: `${new Date().getUTCFullYear() - 16}-01-01` }, 'en')
    expect(young.json().error.data.fieldErrors).toEqual({ birthDate: 'Models must be at least 18 years old.' })
    expect((await save('admin.models.save', { ...base, preferences: ['notAKey'] })).statusCode).toBe(400)
    expect((await save('admin.models.save', { ...base, picture: 'abcdefghijklmnopqrstuvwx' })).json().error.data.fieldErrors).toHaveProperty('picture')
    expect((await db.orm.em.fork().findOneOrFail(Model, model.id)).firstName).toBe('Bea')
    expect(await auditOf('model', model.id)).toEqual([])
  })
})

describe('admin.categories', () => {
  it('creates a category with logo and preview that the site lists at once', async () => {
    const res = await save('admin.categories.save', {
      id: null,
      title: { ...empty, de: 'Strandleben', en: 'Beach life' },
      description: { ...empty, de: 'Sonne' },
      featured: true,
      sortOrder: 5,
      logo: await uploaded('categoryLogo'),
      preview: await uploaded('categoryPreview'),
    })
    expect(res.statusCode, res.body).toBe(200)
    const id = res.json().result.data.id as number
    const row = await db.orm.em.fork().findOneOrFail(Category, id)
    expect(row).toMatchObject({ slug: 'beach-life', logo: { width: 256, height: 256 }, preview: { width: 640, height: 360 } })
    expect(await read('catalog.category', { locale: 'fr', id })).toMatchObject({ title: 'Strandleben' })
    expect((await auditOf('category', id))[0]).toMatchObject({ before: null, after: { title: { de: 'Strandleben' } } })
    const missing = await save('admin.categories.save', {
      id: null,
      title: { ...empty, de: 'Ohne Bild' },
      description: empty,
      featured: false,
      sortOrder: 0,
      logo: null,
      preview: null,
    })
    expect(missing.json().error.data.fieldErrors).toEqual({ preview: 'Lade ein Bild hoch.' })
  })
})

describe('admin.banners', () => {
  it('a new top banner shows on the home page at once; a scheduled one only from its start; removal takes it away', async () => {
    const top = async () => (await read('catalog.banners', { locale: 'de', position: 'top' })) as Array<{ id: number; title: string; linkPath: string }>
    expect(await top()).toEqual([]) // cached now
    const input = {
      id: null,
      position: 'top',
      title: { ...empty, de: 'Neu im Club' },
      linkPath: '/videos',
      sortOrder: 1,
      active: true,
      startsAt: null,
      endsAt: null,
      image: await uploaded('banner'),
    }
    const res = await save('admin.banners.save', input)
    expect(res.statusCode, res.body).toBe(200)
    const id = res.json().result.data.id as number
    await expect.poll(top, { timeout: 10_000 }).toEqual([expect.objectContaining({ id, title: 'Neu im Club', linkPath: '/videos' })])
    const later = new Date(Date.now() + 86_400_000).toISOString()
    expect((await save('admin.banners.save', { ...input, id, image: null, startsAt: later })).statusCode).toBe(200)
    await expect.poll(top, { timeout: 10_000 }).toEqual([])
    const reversed = await save('admin.banners.save', { ...input, id, image: null, startsAt: later, endsAt: new Date().toISOString() })
    expect(reversed.json().error.data.fieldErrors).toEqual({ endsAt: 'Das Ende muss nach dem Beginn liegen.' })
    expect((await save('admin.banners.save', { ...input, id, image: null, linkPath: 'https://elsewhere.example' })).statusCode).toBe(400)
    expect((await save('admin.banners.remove', { id })).statusCode).toBe(200)
    expect(await db.orm.em.fork().count(Banner, { id })).toBe(0)
    expect((await auditOf('banner', id)).map((e) => e.after === null)).toEqual([false, false, true])
  })
})

describe('admin.plans', () => {
  it('edits what may change, refuses new terms on a plan with subscribers, creates a plan with new terms', async () => {
    const em = db.orm.em.fork()
    await ensurePlans(em)
    const plan = await em.findOneOrFail(Plan, { sid: 'basic-monthly' })
    const subscriber = await makeUser(em, { email: 'subscriber@example.com' })
    makeSubscription(em, subscriber, plan)
    await em.flush()
    const edit = (await trpcQuery(t.app, 'admin.plans.get', { id: plan.id }, as(admin.cookie))).json().result.data
    expect(edit.subscriptions).toBe(1)
    const { subscriptions: _count, currency: _currency, ...input } = edit
    const renamed = await save('admin.plans.save', { ...input, name: { ...input.name, de: 'Basis Monat Neu' }, highlight: true })
    expect(renamed.statusCode, renamed.body).toBe(200)
    const listed = (await read('plans.list', { locale: 'de' })) as Array<{ sid: string; name: string; highlight: boolean }>
    expect(listed.find((p) => p.sid === 'basic-monthly')).toMatchObject({ name: 'Basis Monat Neu', highlight: true })
    const pricier = await save('admin.plans.save', { ...input, priceCents: 1999 })
    expect(pricier.statusCode).toBe(409)
    expect(pricier.json().error.data.fieldErrors).toEqual({ priceCents: expect.stringContaining('Abonnenten') })
    expect((await db.orm.em.fork().findOneOrFail(Plan, plan.id)).priceCents).toBe(1499)
    const created = await save('admin.plans.save', { ...input, id: null, sid: 'basic-monthly-2027', priceCents: 1999 })
    expect(created.statusCode, created.body).toBe(200)
    expect((await save('admin.plans.save', { ...input, id: null, sid: 'basic-monthly-2027' })).json().error.data.fieldErrors).toHaveProperty('sid')
    const trial = await save('admin.plans.save', { ...input, id: null, sid: 'x-trial', trialDays: 3, trialPriceCents: null })
    expect(trial.json().error.data.fieldErrors).toHaveProperty('trialPriceCents')
    expect((await auditOf('plan', plan.id))[0]).toMatchObject({ before: { highlight: false }, after: { highlight: true } })
  })
})

describe('admin.legal', () => {
  it('saves rich text that the public page returns as saved, and refuses what the site cannot render', async () => {
    await seedLegalPages(db.orm.em.fork())
    const content = {
      ops: [
        { insert: 'Neu' },
        { insert: '\n', attributes: { header: 1 } },
        { insert: 'Siehe ' },
        { insert: 'Kontakt', attributes: { link: 'internal:/contact', bold: true } },
        { insert: '\n' },
      ],
    }
    const res = await save('admin.legal.save', { slug: 'imprint', locale: 'de', title: 'Impressum neu', content })
    expect(res.statusCode, res.body).toBe(200)
    expect(await read('site.legalPage', { slug: 'imprint', locale: 'de' })).toMatchObject({ title: 'Impressum neu', content })
    const [entry] = await auditOf('legalPage', 'imprint/de')
    expect(entry).toMatchObject({ before: { title: expect.any(String) }, after: { title: 'Impressum neu', content } })
    const script = await save('admin.legal.save', {
      slug: 'imprint',
      locale: 'de',
      title: 'X',
      content: { ops: [{ insert: 'x', attributes: { link: 'javascript:alert(1)' } }, { insert: '\n' }] },
    })
    expect(script.statusCode).toBe(400)
    expect(script.json().error.message).toContain('Dieser Text enthält etwas')
    const embed = await save('admin.legal.save', { slug: 'imprint', locale: 'de', title: 'X', content: { ops: [{ insert: { image: 'x.png' } }] } })
    expect(embed.statusCode).toBe(400)
    expect(await read('site.legalPage', { slug: 'imprint', locale: 'de' })).toMatchObject({ title: 'Impressum neu' })
  })
})

describe('admin.faq', () => {
  it('edits, adds and removes questions; the FAQ page shows them at once', async () => {
    await seedFaq(db.orm.em.fork())
    const before = (await read('site.faq', { locale: 'de' })) as Array<{ group: string; entries: Array<{ id: number; question: string }> }>
    expect(before.map((g) => g.group)).toEqual(['membership', 'billing', 'downloads', 'support'])
    const first = before[0]!.entries[0]!
    const edit = (await trpcQuery(t.app, 'admin.faq.get', { id: first.id }, as(admin.cookie))).json().result.data
    const answer = { ops: [{ insert: 'Alles.\n' }] }
    expect(
      (await save('admin.faq.save', { ...edit, question: { ...edit.question, de: 'Was ist dabei?' }, answer: { ...edit.answer, de: answer } })).statusCode,
    ).toBe(200)
    const created = await save('admin.faq.save', {
      id: null,
      group: 'billing',
      sortOrder: 1,
      question: { ...empty, en: 'Do you take cash?' },
      answer: { de: { ops: [] }, en: { ops: [{ insert: 'No.\n' }] }, es: { ops: [] }, fr: { ops: [] }, it: { ops: [] } },
    })
    expect(created.statusCode, created.body).toBe(200)
    const after = (await read('site.faq', { locale: 'de' })) as Array<{ group: string; entries: Array<{ id: number; question: string; answer: unknown }> }>
    expect(after[0]!.entries[0]).toMatchObject({ question: 'Was ist dabei?', answer })
    expect(after[1]!.entries[0]).toMatchObject({ question: 'Do you take cash?', answer: { ops: [{ insert: 'No.\n' }] } })
    const noAnswer = await save('admin.faq.save', {
      id: null,
      group: 'billing',
      sortOrder: 1,
      question: { ...empty, de: 'Frage' },
      answer: { de: { ops: [] }, en: { ops: [] }, es: { ops: [] }, fr: { ops: [] }, it: { ops: [] } },
    })
    expect(noAnswer.json().error.data.fieldErrors).toHaveProperty(['answer.de'])
    const id = created.json().result.data.id as number
    expect((await save('admin.faq.remove', { id })).statusCode).toBe(200)
    expect(JSON.stringify(await read('site.faq', { locale: 'de' }))).not.toContain('cash')
    expect((await auditOf('faq', id)).map((e) => [e.before === null, e.after === null])).toEqual([
      [true, false],
      [false, true],
    ])
  })
})

describe('admin.content: relations, poster, publishing', () => {
  it('sets category and models; publish now, schedule and unpublish follow the one rule at once', async () => {
    const em = db.orm.em.fork()
    const [category, a, b] = [makeCategory(em), makeModel(em, { firstName: 'Ann' }), makeModel(em, { firstName: 'Ben' })]
    const video = makeVideo(em, { title: { de: 'Beitrag' } })
    await em.flush()
    const detail = () => read('catalog.video', { locale: 'de', id: video.id })
    const item = (await trpcQuery(t.app, 'admin.content.item', { kind: 'video', id: video.id }, as(admin.cookie))).json().result.data
    const res = await save('admin.content.update', {
      kind: 'video',
      id: video.id,
      title: item.title,
      description: item.description,
      publishAt: null,
      downloadable: true,
      categoryId: category.id,
      modelIds: [b.id, a.id],
    })
    expect(res.statusCode, res.body).toBe(200)
    await expect.poll(async () => (await detail()).category?.id, { timeout: 10_000 }).toBe(category.id)
    const shown = await detail()
    expect(shown.models.map((m: { name: string }) => m.name)).toEqual(['Ben', 'Ann'])
    expect(shown.category.id).toBe(category.id)
    // Saved again with the models reordered, one kept, one new (the page's usual second save).
    const more = db.orm.em.fork()
    const c = makeModel(more, { firstName: 'Cid' })
    await more.flush()
    const again = (await trpcQuery(t.app, 'admin.content.item', { kind: 'video', id: video.id }, as(admin.cookie))).json().result.data
    expect(again.models.map((m: { firstName: string }) => m.firstName)).toEqual(['Ben', 'Ann'])
    expect(
      (
        await save('admin.content.update', {
          kind: 'video',
          id: video.id,
          title: item.title,
          description: item.description,
          publishAt: null,
          downloadable: true,
          modelIds: [a.id, c.id, b.id],
        })
      ).statusCode,
    ).toBe(200)
    await expect.poll(async () => (await detail()).models.map((m: { name: string }) => m.name), { timeout: 10_000 }).toEqual(['Ann', 'Cid', 'Ben'])
    expect(
      (
        await save('admin.content.update', {
          kind: 'video',
          id: video.id,
          title: item.title,
          description: item.description,
          publishAt: null,
          downloadable: true,
          modelIds: [c.id],
        })
      ).statusCode,
    ).toBe(200)
    await expect.poll(async () => (await detail()).models.map((m: { name: string }) => m.name), { timeout: 10_000 }).toEqual(['Cid'])

    expect((await save('admin.content.publish', { kind: 'video', id: video.id, action: 'unpublish', at: null })).statusCode).toBe(200)
    await expect.poll(detail, { timeout: 10_000 }).toBe(404)
    expect((await db.orm.em.fork().findOneOrFail(Video, video.id)).withdrawn).toBe(true)
    const soon = async () => ((await read('catalog.videos', { locale: 'de', soon: true })) as { items: Array<{ id: number }> }).items.map((i) => i.id)
    const at = new Date(Date.now() + 3 * 86_400_000).toISOString()
    expect((await save('admin.content.publish', { kind: 'video', id: video.id, action: 'schedule', at })).statusCode).toBe(200)
    await expect.poll(detail, { timeout: 10_000 }).toBe(404)
    await expect.poll(soon, { timeout: 10_000 }).toContain(video.id)
    const past = await save('admin.content.publish', { kind: 'video', id: video.id, action: 'schedule', at: new Date(Date.now() - 60_000).toISOString() })
    expect(past.json().error.data.fieldErrors).toEqual({ at: 'Wähle einen Zeitpunkt in der Zukunft.' })
    expect((await save('admin.content.publish', { kind: 'video', id: video.id, action: 'now', at: null })).statusCode).toBe(200)
    await expect.poll(detail, { timeout: 10_000 }).toMatchObject({ title: 'Beitrag' })
    const actions = (await auditOf('video', video.id)).map((e) => [
      e.action,
      (e.after as { withdrawn: boolean }).withdrawn,
      (e.after as { releasedAt: string | null }).releasedAt !== null,
    ])
    expect(actions).toEqual([
      ['admin.content.update', false, true],
      ['admin.content.update', false, true],
      ['admin.content.update', false, true],
      ['admin.content.publish', true, false],
      ['admin.content.publish', false, false],
      ['admin.content.publish', false, true],
    ])
  })

  it('makes the poster from a still in every poster width', async () => {
    const em = db.orm.em.fork()
    const video = makeVideo(em)
    await em.flush()
    const media = path.join(dir, 'media')
    const still = `protected/${video.mediaKey}/stills/still-03.jpg`
    await fs.mkdir(path.dirname(path.join(media, still)), { recursive: true })
    await fs.copyFile(await picture('still.jpg', 1280, 720), path.join(media, still))
    video.media = { ...video.media, stills: [{ thumb: { path: still, width: 320, height: 180 }, full: { path: still, width: 1280, height: 720 } }] }
    await em.flush()
    const res = await save('admin.content.setPoster', { id: video.id, still: 0 })
    expect(res.statusCode, res.body).toBe(200)
    const row = await db.orm.em.fork().findOneOrFail(Video, video.id)
    expect(row.media.poster.map((p) => [p.width, p.height])).toEqual([
      [320, 180],
      [640, 360],
      [1280, 720],
    ])
    expect(row.media.posterStill).toBe(0)
    expect(await probePicture(path.join(media, row.media.poster[1]!.path))).toMatchObject({ width: 640, height: 360 })
    await expect
      .poll(async () => (await read('catalog.video', { locale: 'de', id: video.id })).featuredPreview?.src, { timeout: 10_000 })
      .toContain('/posters/')
    expect((await save('admin.content.setPoster', { id: video.id, still: 4 })).json().error.data.fieldErrors).toEqual({
      still: 'Dieses Video hat kein solches Standbild.',
    })
  })
})

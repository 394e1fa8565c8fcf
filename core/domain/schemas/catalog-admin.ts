/**
 * The console's catalog editors: one zod schema per payload, used by the page's form
 * (useSchemaForm) and by the procedure's input, so both refuse the same things with the same
 * (translated) messages. Messages are keys of the `errors` dictionary.
 */
import { z } from 'zod'
import { LOCALES, type Locale } from '../locale.js'
import { GENITAL_AREAS, NATIONALITIES, PREFERENCES, ZODIAC_SIGNS, ageOn } from '../catalog/model-facts.js'
import { PICTURE_KEY } from '../media/pictures.js'
import { PLAN_PERIODS } from '../billing/prices.js'
import { PUBLISH_ACTIONS } from '../catalog/publish.js'
import { UnknownRichTextElementError, parseRichText } from '../site/rich-text.js'
import { BANNER_POSITIONS, FAQ_GROUPS, LEGAL_SLUGS } from '../site/site.js'
import { contentRefSchema, ID_MAX } from './admin.js'
import { text } from './text.js'

const id = () => z.number().int().min(1).max(ID_MAX)
export const idInput = z.object({ id: id() })

/** One text per language; empty is a missing translation (the site falls back, de then en). */
const perLocale = (max: number, tooLong = 'textTooLong') =>
  z.object(Object.fromEntries(LOCALES.map((locale) => [locale, text().trim().max(max, tooLong)])) as Record<Locale, z.ZodString>)

/** The languages every other falls back to need a text. */
const needsFallbackText = <F extends string>(field: F, message = 'titleRequired') =>
  [(value: Record<F, Record<Locale, string>>) => Boolean(value[field].de || value[field].en), { message, path: [field, 'de'] as PropertyKey[] }] as const

/** An uploaded picture (the answer of PUT /admin/pictures); null keeps the current one. */
const pictureKey = text().regex(PICTURE_KEY, 'pictureMissing').nullable()

/** A path on this site without the language, e.g. /videos/12 or /categories/3/videos. */
const SITE_PATH = /^\/[A-Za-z0-9\-._~/?=&%]*$/
const sitePath = text()
  .trim()
  .max(512, 'linkPathInvalid')
  .regex(SITE_PATH, 'linkPathInvalid')
  .refine((value) => !value.startsWith('//'), 'linkPathInvalid')

const isoTime = () => z.iso.datetime({ offset: true, message: 'publishAtInvalid' })

// ---------------------------------------------------------------- videos and image sets

/** Publish now, schedule (a time in the future) or unpublish (off the site until published again). */
export const publishActionSchema = contentRefSchema
  .extend({
    action: z.enum(PUBLISH_ACTIONS),
    at: isoTime().nullable().default(null),
  })
  .refine((value) => value.action !== 'schedule' || value.at !== null, { message: 'scheduleNeedsTime', path: ['at'] })
export type PublishActionInput = z.infer<typeof publishActionSchema>

/** The video's poster, made from one of its stills (index into its stills). */
export const posterSchema = z.object({ id: id(), still: z.number().int().min(0).max(99) })

// ---------------------------------------------------------------- models

export const MODEL_TEXT_MAX = 5000
const MINIMUM_MODEL_AGE = 18
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/

export const modelSchema = z
  .object({
    id: id().nullable(),
    firstName: text().trim().min(1, 'nameRequired').max(120, 'textTooLong'),
    birthDate: text()
      .regex(ISO_DATE, 'dateInvalid')
      .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), 'dateInvalid')
      .nullable(),
    description: perLocale(MODEL_TEXT_MAX),
    bio: perLocale(MODEL_TEXT_MAX),
    cupSize: text()
      .trim()
      .toUpperCase()
      .regex(/^[A-K]{1,3}$/, 'cupSizeInvalid')
      .nullable(),
    genitalArea: z.enum(GENITAL_AREAS).nullable(),
    heightCm: z.number('numberInvalid').int('numberInvalid').min(120, 'heightRange').max(230, 'heightRange').nullable(),
    weightKg: z.number('numberInvalid').int('numberInvalid').min(35, 'weightRange').max(200, 'weightRange').nullable(),
    nationality: z.enum(NATIONALITIES).nullable(),
    zodiac: z.enum(ZODIAC_SIGNS).nullable(),
    preferences: z
      .array(z.enum(PREFERENCES))
      .max(PREFERENCES.length)
      .refine((keys) => new Set(keys).size === keys.length, 'invalidInput'),
    picture: pictureKey,
  })
  // Models are adults: a birth date gives an age of at least 18 (checked on the day of saving).
  .refine((value) => !value.birthDate || ageOn(value.birthDate, new Date()) >= MINIMUM_MODEL_AGE, { message: 'modelTooYoung', path: ['birthDate'] })
  .refine((value) => value.id !== null || value.picture !== null, { message: 'pictureMissing', path: ['picture'] })
export type ModelInput = z.infer<typeof modelSchema>

// ---------------------------------------------------------------- categories

export const categorySchema = z
  .object({
    id: id().nullable(),
    title: perLocale(120),
    description: perLocale(2000),
    featured: z.boolean(),
    sortOrder: z.number('numberInvalid').int('numberInvalid').min(0, 'orderRange').max(10_000, 'orderRange'),
    logo: pictureKey,
    preview: pictureKey,
  })
  .refine(...needsFallbackText('title'))
  .refine((value) => value.id !== null || (value.logo !== null && value.preview !== null), { message: 'pictureMissing', path: ['preview'] })
export type CategoryInput = z.infer<typeof categorySchema>

// ---------------------------------------------------------------- banners

export const bannerSchema = z
  .object({
    id: id().nullable(),
    position: z.enum(BANNER_POSITIONS),
    /** The picture's text alternative (and the link's name). */
    title: perLocale(200),
    linkPath: sitePath.nullable(),
    sortOrder: z.number('numberInvalid').int('numberInvalid').min(0, 'orderRange').max(10_000, 'orderRange'),
    active: z.boolean(),
    startsAt: isoTime().nullable(),
    endsAt: isoTime().nullable(),
    image: pictureKey,
  })
  .refine(...needsFallbackText('title'))
  .refine((value) => !value.startsAt || !value.endsAt || Date.parse(value.endsAt) > Date.parse(value.startsAt), {
    message: 'endsBeforeStart',
    path: ['endsAt'],
  })
  .refine((value) => value.id !== null || value.image !== null, { message: 'pictureMissing', path: ['image'] })
export type BannerInput = z.infer<typeof bannerSchema>

// ---------------------------------------------------------------- plans

/** Feature keys a plan card can show (their labels: i18n plans.features). */
export const PLAN_FEATURES = ['fullCatalog', 'hd', 'uhd', 'fullPreviews', 'downloads', 'newWeekly', 'cancelAnytime'] as const
const PRICE_MAX_CENTS = 100_000

export const planSchema = z
  .object({
    id: id().nullable(),
    /** The processor's plan code: fixed once the plan exists. */
    sid: text()
      .trim()
      .regex(/^[a-z0-9][a-z0-9_-]{1,63}$/, 'planSidInvalid'),
    name: perLocale(120),
    period: z.enum(PLAN_PERIODS),
    priceCents: z.number('numberInvalid').int('numberInvalid').min(1, 'priceRange').max(PRICE_MAX_CENTS, 'priceRange'),
    trialDays: z.number('numberInvalid').int('numberInvalid').min(1, 'trialDaysRange').max(90, 'trialDaysRange').nullable(),
    trialPriceCents: z.number('numberInvalid').int('numberInvalid').min(0, 'priceRange').max(PRICE_MAX_CENTS, 'priceRange').nullable(),
    features: z
      .array(z.enum(PLAN_FEATURES))
      .max(PLAN_FEATURES.length)
      .refine((keys) => new Set(keys).size === keys.length, 'invalidInput'),
    dailyDownloadLimit: z.number('numberInvalid').int('numberInvalid').min(0, 'downloadLimitRange').max(1000, 'downloadLimitRange'),
    visibility: z.enum(['public', 'unlisted']),
    highlight: z.boolean(),
    sortOrder: z.number('numberInvalid').int('numberInvalid').min(0, 'orderRange').max(10_000, 'orderRange'),
  })
  .refine(...needsFallbackText('name', 'nameRequired'))
  .refine((value) => (value.trialDays === null) === (value.trialPriceCents === null), { message: 'trialIncomplete', path: ['trialPriceCents'] })
  .refine((value) => !value.features.includes('downloads') || value.dailyDownloadLimit > 0, { message: 'downloadLimitRequired', path: ['dailyDownloadLimit'] })
export type PlanInput = z.infer<typeof planSchema>

/** What a subscription was sold at: fixed once a plan has subscribers (see services/catalog-admin/plans.ts). */
export const PLAN_TERMS = ['period', 'priceCents', 'trialDays', 'trialPriceCents'] as const

// ---------------------------------------------------------------- rich text: legal pages, FAQ answers

const RICH_TEXT_MAX_OPS = 5000
const RICH_TEXT_MAX_CHARS = 200_000

/** A delta document the site can render (rich-text.ts): anything the renderer refuses is refused here. */
export const richTextSchema = z
  .object({
    ops: z
      .array(
        z
          .object({
            insert: text().max(RICH_TEXT_MAX_CHARS, 'textTooLong'),
            attributes: z
              .object({
                bold: z.boolean().optional(),
                italic: z.boolean().optional(),
                underline: z.boolean().optional(),
                strike: z.boolean().optional(),
                link: text().max(2048, 'richTextInvalid').optional(),
                header: z.union([z.literal(1), z.literal(2), z.literal(3)]).optional(),
                list: z.enum(['ordered', 'bullet']).optional(),
              })
              .strict()
              .optional(),
          })
          .strict(),
      )
      .max(RICH_TEXT_MAX_OPS, 'textTooLong'),
  })
  .superRefine((value, ctx) => {
    if (value.ops.reduce((sum, op) => sum + op.insert.length, 0) > RICH_TEXT_MAX_CHARS) ctx.addIssue({ code: 'custom', message: 'textTooLong' })
    try {
      parseRichText(value)
    } catch (error) {
      if (!(error instanceof UnknownRichTextElementError)) throw error
      ctx.addIssue({ code: 'custom', message: 'richTextInvalid' })
    }
  })

/** Whether a delta document holds any text (an empty one is a missing translation). */
export const hasRichText = (document: { ops: Array<{ insert: string }> } | undefined | null) => Boolean(document?.ops.some((op) => op.insert.trim()))

export const legalPageRef = z.object({ slug: z.enum(LEGAL_SLUGS), locale: z.enum(LOCALES) })

export const legalPageSchema = legalPageRef.extend({
  title: text().trim().min(1, 'titleRequired').max(300, 'titleTooLong'),
  content: richTextSchema.refine(hasRichText, 'textRequired'),
})
export type LegalPageInput = z.infer<typeof legalPageSchema>

export const faqSchema = z
  .object({
    id: id().nullable(),
    group: z.enum(FAQ_GROUPS),
    sortOrder: z.number('numberInvalid').int('numberInvalid').min(0, 'orderRange').max(10_000, 'orderRange'),
    question: perLocale(300),
    answer: z.object(Object.fromEntries(LOCALES.map((locale) => [locale, richTextSchema])) as Record<Locale, typeof richTextSchema>),
  })
  .refine(...needsFallbackText('question', 'questionRequired'))
  .refine((value) => hasRichText(value.answer.de) || hasRichText(value.answer.en), { message: 'answerRequired', path: ['answer', 'de'] })
export type FaqInput = z.infer<typeof faqSchema>

import { z } from 'zod'
import { LOCALES } from '../locale.js'
import { text } from './text.js'

export const TITLE_MAX = 300
export const DESCRIPTION_MAX = 10_000

export const ID_MAX = 2_147_483_647
export const MODELS_PER_ITEM_MAX = 20

/** A video or an image set, as the console names it. */
export const contentRefSchema = z.object({
  kind: z.enum(['video', 'imageSet']),
  id: z.number().int().min(1).max(ID_MAX),
})

const perLocale = (max: number, tooLong: string) =>
  z.object(Object.fromEntries(LOCALES.map((locale) => [locale, text().trim().max(max, tooLong)])) as Record<(typeof LOCALES)[number], z.ZodString>)

/**
 * The console's edit of an item's texts and publishing: titles and descriptions in the five
 * languages (an empty one is missing and falls back, de then en, as everywhere), the publish
 * time (ISO with offset; null: as soon as the media is ready), whether members may download it,
 * and its category and models.
 */
export const contentUpdateSchema = contentRefSchema
  .extend({
    title: perLocale(TITLE_MAX, 'titleTooLong'),
    description: perLocale(DESCRIPTION_MAX, 'descriptionTooLong'),
    publishAt: z.iso.datetime({ offset: true, message: 'publishAtInvalid' }).nullable(),
    downloadable: z.boolean(),
    /**
     * The title and description the public tour shows instead (docs/age-assurance.md): an
     * editor's text safe for visitors who may not see explicit material; empty: a neutral title.
     * Absent: unchanged.
     */
    tourTitle: perLocale(TITLE_MAX, 'titleTooLong').optional(),
    tourDescription: perLocale(DESCRIPTION_MAX, 'descriptionTooLong').optional(),
    /** The category; absent: unchanged. */
    categoryId: z.number().int().min(1).max(ID_MAX).nullable().optional(),
    /** The models in order (the first is the featured one); absent: unchanged. */
    modelIds: z
      .array(z.number().int().min(1).max(ID_MAX))
      .max(MODELS_PER_ITEM_MAX, 'tooManyModels')
      .refine((ids) => new Set(ids).size === ids.length, 'duplicateModel')
      .optional(),
  })
  .refine((value) => Boolean(value.title.de || value.title.en), { message: 'titleRequired', path: ['title', 'de'] })

export type ContentUpdate = z.infer<typeof contentUpdateSchema>

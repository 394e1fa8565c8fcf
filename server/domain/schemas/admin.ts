import { z } from 'zod'
import { LOCALES } from '../locale.js'
import { text } from './text.js'

export const TITLE_MAX = 300
export const DESCRIPTION_MAX = 10_000

/** A video or an image set, as the console names it. */
export const contentRefSchema = z.object({
  kind: z.enum(['video', 'imageSet']),
  id: z.number().int().min(1).max(2_147_483_647),
})

const perLocale = (max: number, tooLong: string) => z.object(Object.fromEntries(LOCALES.map((locale) => [locale, text().trim().max(max, tooLong)])) as Record<(typeof LOCALES)[number], z.ZodString>)

/**
 * The console's edit of an item's texts and publishing: titles and descriptions in the five
 * languages (an empty one is missing and falls back, de then en, as everywhere), the publish
 * time (ISO with offset; null: as soon as the media is ready) and whether members may download it.
 */
export const contentUpdateSchema = contentRefSchema
  .extend({
    title: perLocale(TITLE_MAX, 'titleTooLong'),
    description: perLocale(DESCRIPTION_MAX, 'descriptionTooLong'),
    publishAt: z.iso.datetime({ offset: true, message: 'publishAtInvalid' }).nullable(),
    downloadable: z.boolean(),
  })
  .refine((value) => Boolean(value.title.de || value.title.en), { message: 'titleRequired', path: ['title', 'de'] })

export type ContentUpdate = z.infer<typeof contentUpdateSchema>

/** The console's category editor: names and descriptions in five languages, logo and preview, featured and order. */
import type { EntityManager } from '@mikro-orm/postgresql'
import { Category } from '../../../db/entities/index.js'
import { localize, type Locale } from '../../../domain/locale.js'
import type { CategoryInput } from '../../../domain/schemas/catalog-admin.js'
import type { MediaStore } from '../../media/store.js'
import { allLocales, filled, found } from './common.js'
import { saveRow, type EditedResource } from './edit.js'
import { pictureRefs, pictureUrl } from './pictures.js'

const FIELDS = ['slug', 'title', 'description', 'featured', 'sortOrder', 'logo', 'preview'] as const

export async function listCategoriesForAdmin(em: EntityManager, locale: Locale) {
  const rows = await em.find(Category, {}, { orderBy: { sortOrder: 'asc', id: 'asc' } })
  return rows.map((row) => ({
    id: row.id,
    title: localize(row.title, locale),
    featured: row.featured,
    sortOrder: row.sortOrder,
    logoUrl: pictureUrl(row.logo),
  }))
}

export async function categoryForEdit(em: EntityManager, id: number) {
  const row = found(await em.findOne(Category, id))
  return {
    id: row.id,
    title: allLocales(row.title),
    description: allLocales(row.description),
    featured: row.featured,
    sortOrder: row.sortOrder,
    logoUrl: pictureUrl(row.logo),
    previewUrl: pictureUrl(row.preview),
  }
}

/** A slug from the title that no other category has ("new-category", "new-category-2" …). */
async function freeSlug(em: EntityManager, title: string): Promise<string> {
  const base =
    title
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 80) || 'category'
  for (let n = 1; ; n++) {
    const slug = n === 1 ? base : `${base}-${n}`
    if (!(await em.count(Category, { slug }))) return slug
  }
}

const categories = (store: MediaStore): EditedResource<Category, CategoryInput> => ({
  entity: Category,
  name: 'category',
  fields: FIELDS,
  create: async (em, input) => em.create(Category, { slug: await freeSlug(em, input.title.en || input.title.de), title: {}, description: {} }),
  apply: async (row, input) => {
    row.title = filled(input.title)
    row.description = filled(input.description)
    row.featured = input.featured
    row.sortOrder = input.sortOrder
    if (input.logo) row.logo = (await pictureRefs(store, 'categoryLogo', input.logo, 'logo')).logo
    if (input.preview) row.preview = (await pictureRefs(store, 'categoryPreview', input.preview, 'preview')).preview
  },
})

export const saveCategory = (em: EntityManager, store: MediaStore, input: CategoryInput) => saveRow(em, categories(store), input)

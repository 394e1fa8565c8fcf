/** The console's model editor: every field of the spec, the portrait uploaded through the media store. */
import type { EntityManager } from '@mikro-orm/postgresql'
import { Model } from '../../../db/entities/index.js'
import { ageOn } from '../../../domain/catalog/model-facts.js'
import type { ModelInput } from '../../../domain/schemas/catalog-admin.js'
import type { MediaStore } from '../../media/store.js'
import { allLocales, filled, found } from './common.js'
import { saveRow, type EditedResource } from './edit.js'
import { pictureRefs, pictureUrl } from './pictures.js'

const FIELDS = [
  'firstName',
  'birthDate',
  'description',
  'bio',
  'cupSize',
  'genitalArea',
  'heightCm',
  'weightKg',
  'nationality',
  'zodiac',
  'preferences',
  'avatar',
  'preview',
  'previewThumbnail',
] as const

const LIST_LIMIT = 200

/** Models by name (optionally those whose name contains `q`), for the list and the item editor's choice. */
export async function listModelsForAdmin(em: EntityManager, { q, now }: { q?: string | undefined; now: Date }) {
  const rows = await em.find(Model, q ? { firstName: { $ilike: `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` } } : {}, {
    orderBy: { firstName: 'asc', id: 'asc' },
    limit: LIST_LIMIT,
  })
  return rows.map((row) => ({
    id: row.id,
    firstName: row.firstName,
    age: row.birthDate ? ageOn(row.birthDate, now) : null,
    nationality: row.nationality ?? null,
    avatarUrl: pictureUrl(row.avatar),
  }))
}

export async function modelForEdit(em: EntityManager, id: number) {
  const row = found(await em.findOne(Model, id))
  return {
    id: row.id,
    firstName: row.firstName,
    birthDate: row.birthDate ? String(row.birthDate).slice(0, 10) : null,
    description: allLocales(row.description),
    bio: allLocales(row.bio),
    cupSize: row.cupSize ?? null,
    genitalArea: row.genitalArea ?? null,
    heightCm: row.heightCm ?? null,
    weightKg: row.weightKg ?? null,
    nationality: row.nationality ?? null,
    zodiac: row.zodiac ?? null,
    preferences: [...row.preferences] as ModelInput['preferences'],
    pictureUrl: pictureUrl(row.preview ?? row.avatar),
  }
}

const models = (store: MediaStore): EditedResource<Model, ModelInput> => ({
  entity: Model,
  name: 'model',
  fields: FIELDS,
  create: (em, input) => em.create(Model, { firstName: input.firstName, description: {}, bio: {}, alt: {}, preferences: [] }),
  apply: async (row, input) => {
    row.firstName = input.firstName
    row.birthDate = input.birthDate
    row.description = filled(input.description)
    row.bio = filled(input.bio)
    row.cupSize = input.cupSize
    row.genitalArea = input.genitalArea
    row.heightCm = input.heightCm
    row.weightKg = input.weightKg
    row.nationality = input.nationality
    row.zodiac = input.zodiac
    row.preferences = [...input.preferences]
    if (input.picture) Object.assign(row, await pictureRefs(store, 'model', input.picture, 'picture'))
  },
})

/** Creates (id null) or updates a model; returns its state before and after for the audit log. */
export const saveModel = (em: EntityManager, store: MediaStore, input: ModelInput) => saveRow(em, models(store), input)

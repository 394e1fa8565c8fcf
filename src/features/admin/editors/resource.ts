import type { UseFormReturnType } from '@mantine/form'
import type { StandardSchemaV1 } from '@standard-schema/spec'
import type { ReactNode } from 'react'
import type { Locale } from '../../../../core/domain/locale.js'
import type { TranslationFunctions } from '../../../../i18n/i18n-types.js'
import type { EditorArea, EditorRow, EditorValues } from '../../../lib/api-types'
import type { LocaleField } from './LocaleFields'

/**
 * What makes one editor: its schema, its fields and its texts. The page around them (loading,
 * the form, saving, deleting, back to the list) is EditorPage's.
 */
export interface EditorResource<A extends EditorArea> {
  area: A
  /** The schema the server's `save` checks, checked here before sending. */
  schema: StandardSchemaV1
  /** The form's first values: of the row, or of a new one (null). */
  values: (row: EditorRow<A> | null) => EditorValues<A>
  /** The page's heading. */
  title: (LL: TranslationFunctions, row: EditorRow<A> | null, locale: Locale) => string
  /** The row's name in the delete confirmation; rows of an area without it are not deleted here. */
  removeName?: (row: EditorRow<A>, locale: Locale) => string
  /** The fields above the texts. */
  Fields: (props: { form: UseFormReturnType<EditorValues<A>>; row: EditorRow<A> | null }) => ReactNode
  /** The per-language fields, under a heading where there is one. */
  texts: (LL: TranslationFunctions) => { fields: LocaleField[]; heading?: string; cols?: Record<string, number> }
  /** More links beside the buttons. */
  links?: (LL: TranslationFunctions, locale: Locale) => ReactNode
}

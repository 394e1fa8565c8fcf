import * as v from 'valibot'
import { LOCALES } from '../../../core/domain/locale.js'
import { optionalText } from '../../lib/search-params'

/** A link's language (the join link, the plan cards): the page follows it over the stored choice. */
export const localeSearch = v.fallback(v.optional(v.picklist(LOCALES)), undefined)

/** ?redirect= (and ?locale=) of the login area and the verify-email page; anything odd is dropped. */
export const redirectSearch = v.object({ redirect: optionalText(2048), locale: localeSearch })

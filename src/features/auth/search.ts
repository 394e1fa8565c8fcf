import * as v from 'valibot'
import { optionalText } from '../../lib/search-params'

/** ?redirect= of the login area and the verify-email page; anything odd is dropped. */
export const redirectSearch = v.object({ redirect: optionalText(2048) })

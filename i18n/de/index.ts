import type { Translation } from '../i18n-types.js'
import catalog from './catalog.js'
import common from './common.js'
import errors from './errors.js'
import layout from './layout.js'
import meta from './meta.js'
import modelFacts from './modelFacts.js'

const de = {
  catalog,
  common,
  errors,
  layout,
  meta,
  modelFacts,
} satisfies Translation

export default de

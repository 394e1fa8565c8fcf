import type { BaseTranslation } from '../i18n-types.js'
import auth from './auth.js'
import catalog from './catalog.js'
import common from './common.js'
import errors from './errors.js'
import layout from './layout.js'
import meta from './meta.js'
import site from './site.js'
import plans from './plans.js'
import modelFacts from './modelFacts.js'
import billing from './billing.js'
import playback from './playback.js'

const en = {
  auth,
  catalog,
  common,
  errors,
  layout,
  meta,
  site,
  plans,
  modelFacts,
  billing,
  playback,
} satisfies BaseTranslation

export default en

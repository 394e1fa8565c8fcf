import type { Translation } from '../i18n-types.js'
import catalog from './catalog.js'
import common from './common.js'
import errors from './errors.js'
import layout from './layout.js'
import meta from './meta.js'
import site from './site.js'

const de = {
  catalog,
  common,
  errors,
  layout,
  meta,
  site,
} satisfies Translation

export default de

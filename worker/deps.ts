import type { Config } from '../server/config.js'
import type { Orm } from '../server/db/orm.js'

/** What tasks may use; each task is built from these once at start-up. */
export interface WorkerDeps {
  config: Config
  orm: Orm
}

/**
 * npm run user:role -- <email> <role>
 * Sets a user's role: user, admin or permanentAccess. Uses DATABASE_URL, or the embedded
 * PostgreSQL under DATA_DIR (the running one, when `npm start` has it open).
 */
import { ensureDatabase, readEnvFile } from '../core/bootstrap.js'
import { openOrm } from '../core/db/orm.js'
import { ROLES } from '../core/domain/billing/membership.js'
import { RoleChangeError, setUserRole } from '../core/services/admin/users.js'
import { runningEmbeddedUrl } from './running-database.js'

const [email, role, ...extra] = process.argv.slice(2)
if (!email || !role || extra.length) {
  console.error(`Usage: npm run user:role -- <email> <role>   (roles: ${ROLES.join(', ')})`)
  process.exit(2)
}

readEnvFile()
const url = process.env.DATABASE_URL ?? (await runningEmbeddedUrl())
const db = url ? null : await ensureDatabase()
const orm = await openOrm(url ?? process.env.DATABASE_URL!, { pool: 1 })
let exitCode = 0
try {
  const changed = await setUserRole(orm.em.fork(), email, role)
  console.log(`${changed.email}: role ${changed.previous} → ${changed.role}`)
} catch (error) {
  if (!(error instanceof RoleChangeError)) throw error
  console.error(error.message)
  exitCode = 1
} finally {
  await orm.close()
  await db?.stop()
}
process.exit(exitCode)

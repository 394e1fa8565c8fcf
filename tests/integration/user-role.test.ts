import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { User } from '../../core/db/entities/index.js'
import { RoleChangeError, setUserRole } from '../../core/services/admin/users.js'
import { createTestDatabase, type TestDatabase } from '../support/test-database.js'
import { makeUser } from '../support/accounts.js'

let db: TestDatabase
beforeAll(async () => {
  db = await createTestDatabase()
  await makeUser(db.orm.em.fork(), { email: 'Role.Person@example.com' })
})
afterAll(() => db.drop())

const roleOf = async (email: string) => (await db.orm.em.fork().findOneOrFail(User, { email })).role

/** npm run user:role -- <args>, as a person runs it (the script, on this test database). */
async function userRole(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'cli/user-role.ts', ...args], {
      env: { ...process.env, DATABASE_URL: db.url, LOG_LEVEL: 'silent' },
    })
    return { code: 0, stdout, stderr }
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string }
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr }
  }
}

describe('npm run user:role', () => {
  it('sets a role, matching the email without regard to case', async () => {
    const result = await userRole('role.person@EXAMPLE.com', 'permanentAccess')
    expect(result).toMatchObject({ code: 0, stdout: 'Role.Person@example.com: role user → permanentAccess\n' })
    expect(await roleOf('Role.Person@example.com')).toBe('permanentAccess')
  })

  it('says clearly when the email or the role is unknown, and changes nothing', async () => {
    const unknownEmail = await userRole('nobody@example.com', 'admin')
    expect(unknownEmail).toMatchObject({ code: 1, stderr: 'No user has the email address "nobody@example.com".\n' })
    const unknownRole = await userRole('Role.Person@example.com', 'superuser')
    expect(unknownRole).toMatchObject({ code: 1, stderr: 'Unknown role "superuser". Roles: user, admin, permanentAccess.\n' })
    expect(await roleOf('Role.Person@example.com')).toBe('permanentAccess')
    expect((await userRole('only-one-argument')).code).toBe(2)
  })

  it('is a service the script calls', async () => {
    await expect(setUserRole(db.orm.em.fork(), 'role.person@example.com', 'admin')).resolves.toMatchObject({ previous: 'permanentAccess', role: 'admin' })
    await expect(setUserRole(db.orm.em.fork(), 'role.person@example.com', 'root')).rejects.toBeInstanceOf(RoleChangeError)
  })
})

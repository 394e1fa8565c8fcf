import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Passkey, Session, User } from '../../core/db/entities/index.js'
import { hashToken } from '../../core/services/auth/sessions.js'
import { createTestDatabase, type TestDatabase } from '../support/test-database.js'
import { createTestApp, trpcMutation, trpcQuery, type TestApp } from '../support/app.js'
import { errorOf, logIn, me, sessionCookieOf, signedInUser } from '../support/accounts.js'
import { SoftAuthenticator } from '../support/soft-authenticator.js'
import { PUBLIC_DEMO_SITE } from '../support/config.js'

const ORIGIN = 'https://club.example'
const EN = { 'x-locale': 'en' }
let db: TestDatabase
let t: TestApp

beforeAll(async () => {
  db = await createTestDatabase()
  t = await createTestApp(db.orm, { ...PUBLIC_DEMO_SITE, RATE_LIMIT_PER_IP: '1000', PUBLIC_URL: ORIGIN })
})
afterAll(async () => {
  await t.app.close()
  await db.drop()
})

const call = (path: string, input: unknown, cookie?: string) => trpcMutation(t.app, path, input, { ...EN, ...(cookie ? { cookie } : {}) })
const data = (res: { json(): { result: { data: unknown } } }) => res.json().result.data as never

let users = 0
/** A signed-in member with one passkey on a software authenticator. */
async function memberWithPasskey(name?: string) {
  const member = await signedInUser(t.app, db.orm.em.fork(), { email: `passkey${++users}@example.com` })
  const authenticator = new SoftAuthenticator(ORIGIN)
  const options = data(await call('account.passkeyRegistrationOptions', undefined, member.cookie))
  const res = await call('account.registerPasskey', { name, response: authenticator.register(options) }, member.cookie)
  expect(res.statusCode, res.body).toBe(200)
  return { ...member, authenticator, passkey: data(res) as { id: number; name: string } }
}

async function signInWith(authenticator: SoftAuthenticator, misbehave = {}) {
  const options = data(await call('account.passkeySignInOptions', undefined))
  return call('account.passkeySignIn', { response: authenticator.authenticate(options, misbehave), remember: false })
}

describe('adding a passkey', () => {
  it('stores the public key and counter under the name given, or the device’s, and lists it with its dates', async () => {
    const named = await memberWithPasskey('My phone')
    expect(named.passkey.name).toBe('My phone')
    const unnamed = await signedInUser(t.app, db.orm.em.fork(), { email: 'device-name@example.com' })
    const authenticator = new SoftAuthenticator(ORIGIN)
    const headers = {
      ...EN,
      cookie: unnamed.cookie,
      'user-agent': 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
    }
    const options = data(await trpcMutation(t.app, 'account.passkeyRegistrationOptions', undefined, headers))
    const added = data(await trpcMutation(t.app, 'account.registerPasskey', { response: authenticator.register(options) }, headers)) as { name: string }
    expect(added.name).toBe('Chrome on Android')

    const stored = await db.orm.em.fork().findOneOrFail(Passkey, { user: named.id })
    expect(stored.credentialId).toBe(named.authenticator.credentials[0]!.id.toString('base64url'))
    expect(stored.counter).toBe(0)
    const security = (await trpcQuery(t.app, 'account.security', undefined, { cookie: named.cookie })).json().result.data
    expect(security.hasPassword).toBe(true)
    expect(security.passkeys).toEqual([{ id: stored.id, name: 'My phone', createdAt: expect.any(String), lastUsedAt: null, synced: false }])
  })

  it('refuses another origin, another RP ID, a missing user verification and a used challenge, and excludes the passkeys already added', async () => {
    const member = await signedInUser(t.app, db.orm.em.fork(), { email: 'bad-registration@example.com' })
    const authenticator = new SoftAuthenticator(ORIGIN)
    for (const misbehave of [{ origin: 'https://evil.example' }, { rpId: 'evil.example' }, { userVerified: false }]) {
      const options = data(await call('account.passkeyRegistrationOptions', undefined, member.cookie))
      const res = await call('account.registerPasskey', { name: 'x', response: authenticator.register(options, misbehave) }, member.cookie)
      expect(errorOf(res).message, JSON.stringify(misbehave)).toBe('The passkey could not be checked. Please try again.')
    }
    const options = data(await call('account.passkeyRegistrationOptions', undefined, member.cookie))
    const response = authenticator.register(options)
    expect((await call('account.registerPasskey', { name: 'x', response }, member.cookie)).statusCode).toBe(200)
    expect(errorOf(await call('account.registerPasskey', { name: 'x', response }, member.cookie)).message).toBe('That took too long. Please try again.')
    // The same authenticator answering a new challenge with its existing credential id.
    const again = data(await call('account.passkeyRegistrationOptions', undefined, member.cookie)) as { excludeCredentials: unknown[] }
    expect(again.excludeCredentials).toHaveLength(1)
  })

  it('asks for a recent proof of identity, which the password gives', async () => {
    const member = await signedInUser(t.app, db.orm.em.fork(), { email: 'stale@example.com' })
    await db.orm.em.fork().nativeUpdate(Session, { id: member.sessionId }, { authenticatedAt: new Date(Date.now() - 6 * 60_000) })
    const refused = await call('account.passkeyRegistrationOptions', undefined, member.cookie)
    expect(refused.statusCode).toBe(403)
    expect(errorOf(refused)).toMatchObject({ message: 'Please confirm it’s you first.', data: { key: 'account.errors.reauthRequired' } })
    const wrong = await call('account.reauthenticate', { method: 'password', password: 'not it' }, member.cookie)
    expect(errorOf(wrong).data.fieldErrors).toEqual({ password: 'The current password is not correct.' })
    expect((await call('account.reauthenticate', { method: 'password', password: 'correct horse battery' }, member.cookie)).statusCode).toBe(200)
    expect((await call('account.passkeyRegistrationOptions', undefined, member.cookie)).statusCode).toBe(200)
    const session = await db.orm.em.fork().findOneOrFail(Session, { id: member.sessionId })
    expect(session.authMethod).toBe('password')
    expect(Date.now() - session.authenticatedAt.getTime()).toBeLessThan(60_000)
  })
})

describe('signing in with a passkey', () => {
  it('starts a session that records the passkey, moves the counter and the last use forward', async () => {
    const member = await memberWithPasskey()
    const res = await signInWith(member.authenticator)
    expect(res.statusCode, res.body).toBe(200)
    const cookie = sessionCookieOf(res)
    expect((await me(t.app, cookie))?.email).toBe(member.email)
    const session = await db.orm.em.fork().findOneOrFail(Session, { id: hashToken(cookie.split('=')[1]!) })
    expect(session.authMethod).toBe('passkey')
    const stored = await db.orm.em.fork().findOneOrFail(Passkey, { user: member.id })
    expect(stored.counter).toBe(1)
    expect(stored.lastUsedAt).not.toBeNull()
  })

  it('refuses a replayed answer, a counter that did not grow, another origin or RP ID, no user verification, a foreign user handle and an unknown passkey', async () => {
    const member = await memberWithPasskey()
    const options = data(await call('account.passkeySignInOptions', undefined))
    const response = member.authenticator.authenticate(options)
    expect((await call('account.passkeySignIn', { response })).statusCode).toBe(200)
    expect(errorOf(await call('account.passkeySignIn', { response })).message).toBe('That took too long. Please try again.')

    const expect400 = async (misbehave: object) => {
      const res = await signInWith(member.authenticator, misbehave)
      expect(errorOf(res).message, JSON.stringify(misbehave)).toBe('The passkey could not be checked. Please try again.')
      expect(res.cookies).toEqual([])
    }
    await expect400({ counter: 1 })
    await expect400({ origin: 'https://club.example.evil.example' })
    await expect400({ rpId: 'evil.example' })
    await expect400({ userVerified: false })
    await expect400({ userHandle: Buffer.alloc(32, 7).toString('base64url') })

    const stranger = new SoftAuthenticator(ORIGIN)
    stranger.register({
      ...(data(await call('account.passkeySignInOptions', undefined)) as object),
      rp: { id: 'club.example', name: 'x' },
      user: { id: 'AAAA', name: 'x', displayName: 'x' },
      pubKeyCredParams: [],
    } as never)
    const unknown = await signInWith(stranger)
    expect(unknown.statusCode).toBe(401)
    expect(errorOf(unknown).message).toContain('This passkey is not known here')
    // The refusals left the counter where the one good sign-in put it.
    expect((await db.orm.em.fork().findOneOrFail(Passkey, { user: member.id })).counter).toBe(1)
  })

  it('confirms one’s identity with one’s own passkey only', async () => {
    const member = await memberWithPasskey()
    const other = await memberWithPasskey()
    await db.orm.em.fork().nativeUpdate(Session, { id: member.sessionId }, { authenticatedAt: new Date(Date.now() - 10 * 60_000) })
    const options = data(
      await call('account.reauthenticationOptions', undefined, member.cookie),
    ) as import('@simplewebauthn/server').PublicKeyCredentialRequestOptionsJSON
    expect(options.allowCredentials!.map((c) => c.id)).toEqual([member.authenticator.credentials[0]!.id.toString('base64url')])
    // Another member's passkey answering this member's challenge.
    const foreign = other.authenticator.authenticate({ ...options, allowCredentials: [] })
    expect((await call('account.reauthenticate', { method: 'passkey', response: foreign }, member.cookie)).statusCode).toBe(401)
    const again = data(await call('account.reauthenticationOptions', undefined, member.cookie))
    const res = await call('account.reauthenticate', { method: 'passkey', response: member.authenticator.authenticate(again) }, member.cookie)
    expect(res.statusCode, res.body).toBe(200)
    expect((await db.orm.em.fork().findOneOrFail(Session, { id: member.sessionId })).authMethod).toBe('passkey')
  })
})

describe('passkeys only', () => {
  it('removes the password once a passkey exists; the password then signs nobody in, and the last passkey stays', async () => {
    const plain = await signedInUser(t.app, db.orm.em.fork(), { email: 'no-passkey@example.com' })
    expect(errorOf(await call('account.removePassword', undefined, plain.cookie)).message).toBe('Add a passkey before you remove your password.')

    const member = await memberWithPasskey()
    expect((await call('account.removePassword', undefined, member.cookie)).statusCode).toBe(200)
    expect((await db.orm.em.fork().findOneOrFail(User, member.id)).passwordHash).toBeNull()
    expect(errorOf(await logIn(t.app, member.email, 'correct horse battery')).message).toBe('The email address or the password is not correct.')
    const last = await call('account.removePasskey', { id: member.passkey.id }, member.cookie)
    expect(last.statusCode).toBe(409)
    expect(errorOf(last).message).toBe('This is your only way to sign in: set a password or add another passkey first.')
    expect((await signInWith(member.authenticator)).statusCode).toBe(200)

    // A password again (long enough, after a fresh proof of identity), then the passkey can go.
    expect(errorOf(await call('account.setPassword', { newPassword: 'short' }, member.cookie)).data.fieldErrors).toEqual({
      newPassword: 'The password must be at least 8 characters long.',
    })
    await db.orm.em.fork().nativeUpdate(Session, { id: member.sessionId }, { authenticatedAt: new Date(Date.now() - 6 * 60_000) })
    expect(errorOf(await call('account.setPassword', { newPassword: 'a new password here' }, member.cookie)).data).toMatchObject({
      key: 'account.errors.reauthRequired',
    })
    expect((await db.orm.em.fork().findOneOrFail(User, member.id)).passwordHash).toBeNull()
    await db.orm.em.fork().nativeUpdate(Session, { id: member.sessionId }, { authenticatedAt: new Date() })
    expect((await call('account.setPassword', { newPassword: 'a new password here' }, member.cookie)).statusCode).toBe(200)
    expect(errorOf(await call('account.setPassword', { newPassword: 'a new password here' }, member.cookie)).message).toContain('already has a password')
    expect((await call('account.removePasskey', { id: member.passkey.id }, member.cookie)).statusCode).toBe(200)
    expect(sessionCookieOf(await logIn(t.app, member.email, 'a new password here'))).toMatch(/^sid=/)
    expect((await signInWith(member.authenticator)).statusCode).toBe(401)
  })

  it('renames only one’s own passkeys and refuses an empty name', async () => {
    const member = await memberWithPasskey()
    const other = await memberWithPasskey()
    expect(data(await call('account.renamePasskey', { id: member.passkey.id, name: '  Laptop  ' }, member.cookie))).toMatchObject({ name: 'Laptop' })
    expect((await call('account.renamePasskey', { id: other.passkey.id, name: 'Mine now' }, member.cookie)).statusCode).toBe(404)
    expect(errorOf(await call('account.renamePasskey', { id: member.passkey.id, name: ' ' }, member.cookie)).data.fieldErrors).toEqual({
      name: 'Please give the passkey a name.',
    })
    expect(errorOf(await call('account.renamePasskey', { id: member.passkey.id, name: 'x'.repeat(101) }, member.cookie)).data.fieldErrors).toEqual({
      name: 'The name can be at most 100 characters long.',
    })
    expect((await db.orm.em.fork().findOneOrFail(Passkey, member.passkey.id)).name).toBe('Laptop')
    expect((await call('account.removePasskey', { id: other.passkey.id }, member.cookie)).statusCode).toBe(404)
  })
})

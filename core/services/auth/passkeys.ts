/**
 * Passkeys (WebAuthn, through @simplewebauthn/server): adding one on the security page,
 * signing in with one (a button, or the browser's autofill), confirming one's identity with
 * one, naming and removing them, and an account with passkeys only (its password removed).
 * Every ceremony checks its one-time challenge, the origin (PUBLIC_URL's), the RP ID (its
 * host), user verification (a passkey is the only factor, so the authenticator must have
 * checked its holder) and, on every use, the signature counter.
 */
import { LockMode, UniqueConstraintViolationException } from '@mikro-orm/core'
import type { EntityManager } from '@mikro-orm/postgresql'
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server'
import { Passkey, User } from '../../db/entities/index.js'
import { AppError } from '../../domain/errors.js'
import type { PasskeySignInInput } from '../../domain/schemas/account.js'
import { translator } from '../../i18n.js'
import type { AccountContext } from './accounts.js'
import { describeDevice } from './devices.js'
import { hashPassword } from './passwords.js'
import { requireRecentAuth } from './recent-auth.js'
import { markAuthenticated, startSession, type CurrentUser } from './sessions.js'
import { CEREMONY_TIMEOUT_MS, relyingParty, storeChallenge, takeChallenge, userHandle, type CeremonyPurpose } from './webauthn.js'

/** More than anyone needs; it bounds the work of a sign-in and the size of the options. */
const MAX_PASSKEYS = 20

/** The WebAuthn library and its ASN.1 and X.509 ones load at the first ceremony, not at every server start. */
const webauthn = () => import('@simplewebauthn/server')

export interface PasskeyView {
  id: number
  name: string
  createdAt: string
  lastUsedAt: string | null
  /** Kept in sync across the member's devices (a password manager, iCloud, Google). */
  synced: boolean
}

function view(passkey: Passkey): PasskeyView {
  return {
    id: passkey.id,
    name: passkey.name,
    createdAt: passkey.createdAt.toISOString(),
    lastUsedAt: passkey.lastUsedAt?.toISOString() ?? null,
    synced: passkey.backedUp,
  }
}

export async function listPasskeys(em: EntityManager, userId: number): Promise<PasskeyView[]> {
  const passkeys = await em.find(Passkey, { user: userId }, { orderBy: { createdAt: 'asc', id: 'asc' } })
  return passkeys.map(view)
}

const failed = () => new AppError('BAD_REQUEST', 'account.errors.passkeyFailed')

// ---------------------------------------------------------------- adding a passkey

/** The options of navigator.credentials.create() for a new passkey of the signed-in member. */
export async function registrationOptions(ctx: AccountContext, user: CurrentUser): Promise<PublicKeyCredentialCreationOptionsJSON> {
  requireRecentAuth(user, ctx.now)
  const existing = await ctx.em.find(Passkey, { user: user.id }, { fields: ['credentialId', 'transports'] })
  if (existing.length >= MAX_PASSKEYS) throw new AppError('BAD_REQUEST', 'account.errors.tooManyPasskeys', { max: MAX_PASSKEYS })
  const rp = relyingParty(ctx.config)
  const { generateRegistrationOptions } = await webauthn()
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.email,
    userID: userHandle(ctx.config, user.id),
    timeout: CEREMONY_TIMEOUT_MS,
    attestationType: 'none',
    excludeCredentials: existing.map((passkey) => ({ id: passkey.credentialId, transports: passkey.transports })),
    // A discoverable credential (signing in without typing the address) that checks its holder.
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  })
  await storeChallenge(ctx.em, options.challenge, 'register', user.id, ctx.now)
  return options
}

/**
 * Verifies and stores a new passkey (its name: the one given, else the device's, e.g. "Chrome
 * on Android"). Its first use is now: it was just made and checked.
 */
export async function registerPasskey(
  ctx: AccountContext,
  user: CurrentUser,
  input: { name?: string; response: RegistrationResponseJSON },
): Promise<PasskeyView> {
  requireRecentAuth(user, ctx.now)
  const challenge = await takeChallenge(ctx.em, input.response.response.clientDataJSON, 'register', user.id, ctx.now)
  const rp = relyingParty(ctx.config)
  const { verifyRegistrationResponse } = await webauthn()
  const verification = await verifyRegistrationResponse({
    response: input.response,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: true,
  }).catch(() => null)
  if (!verification?.verified) throw failed()
  const { credential, credentialDeviceType, credentialBackedUp } = verification.registrationInfo
  try {
    return await ctx.em.transactional(async (em) => {
      await em.findOneOrFail(User, user.id, { lockMode: LockMode.PESSIMISTIC_WRITE })
      if ((await em.count(Passkey, { user: user.id })) >= MAX_PASSKEYS)
        throw new AppError('BAD_REQUEST', 'account.errors.tooManyPasskeys', { max: MAX_PASSKEYS })
      const passkey = em.create(Passkey, {
        user: user.id,
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: input.response.response.transports ?? credential.transports ?? [],
        deviceType: credentialDeviceType,
        backedUp: credentialBackedUp,
        name: input.name || deviceName(ctx),
        createdAt: ctx.now,
      })
      await em.flush()
      return view(passkey)
    })
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException) throw new AppError('CONFLICT', 'account.errors.passkeyKnown')
    throw error
  }
}

/** "Chrome on Android", from this request's user agent, in the member's language. */
function deviceName(ctx: AccountContext): string {
  const device = describeDevice(ctx.browser.userAgent)
  const t = translator(ctx.locale).account.passkeys
  const browser = device.browser?.replace(/ \d+$/, '')
  if (browser && device.os) return t.defaultName({ browser, os: device.os.replace(/ [\d.]+$/, '') }).slice(0, 100)
  return t.fallbackName()
}

// ---------------------------------------------------------------- signing in

/** Options for navigator.credentials.get() on the login page: no address asked, any passkey of this site. */
export async function signInOptions(ctx: AccountContext): Promise<PublicKeyCredentialRequestOptionsJSON> {
  await ctx.limits.hit('login', ctx.browser.ip)
  return assertionOptions(ctx, 'signIn', null, [])
}

async function assertionOptions(ctx: AccountContext, purpose: CeremonyPurpose, userId: number | null, allow: Passkey[]) {
  const { generateAuthenticationOptions } = await webauthn()
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(ctx.config).id,
    timeout: CEREMONY_TIMEOUT_MS,
    userVerification: 'required',
    allowCredentials: allow.map((passkey) => ({ id: passkey.credentialId, transports: passkey.transports })),
  })
  await storeChallenge(ctx.em, options.challenge, purpose, userId, ctx.now)
  return options
}

/**
 * Signs in with a passkey: the challenge, then the passkey (known, and the user handle the
 * authenticator names is its account's), then the signature, origin, RP ID, user verification
 * and counter. Counts against the IP address like a password login.
 */
export async function passkeySignIn(ctx: AccountContext, input: PasskeySignInInput): Promise<void> {
  await ctx.limits.hit('login', ctx.browser.ip)
  await ctx.em.transactional(async (em) => {
    const challenge = await takeChallenge(em, input.response.response.clientDataJSON, 'signIn', null, ctx.now)
    const passkey = await verifyAssertion(ctx, em, input.response, challenge, null)
    const user = passkey.user as User
    user.locale = ctx.locale
    await startSession(em, ctx.browser, user, input.remember, ctx.now, 'passkey')
  })
}

/**
 * Checks an assertion against the stored passkey and moves its counter forward. The counter
 * update is conditional, so of two uses of one signature only one can pass; a counter that did
 * not grow (a cloned authenticator, WebAuthn section 6.1.1) is refused.
 */
async function verifyAssertion(
  ctx: AccountContext,
  em: EntityManager,
  response: AuthenticationResponseJSON,
  challenge: string,
  userId: number | null,
): Promise<Passkey> {
  if (response.id !== response.rawId) throw failed()
  const passkey = await em.findOne(Passkey, { credentialId: response.id }, { populate: ['user'] })
  if (!passkey || (userId !== null && passkey.user.id !== userId)) throw new AppError('UNAUTHORIZED', 'account.errors.passkeyUnknown')
  const handle = response.response.userHandle
  if (handle && handle !== Buffer.from(userHandle(ctx.config, passkey.user.id)).toString('base64url')) throw failed()
  const rp = relyingParty(ctx.config)
  const { verifyAuthenticationResponse } = await webauthn()
  const verification = await verifyAuthenticationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    credential: {
      id: passkey.credentialId,
      publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
      counter: passkey.counter,
      transports: passkey.transports,
    },
    requireUserVerification: true,
  }).catch(() => null)
  if (!verification?.verified) throw failed()
  const { newCounter, credentialBackedUp } = verification.authenticationInfo
  const moved = await em.execute(
    'update passkey set counter = ?, backed_up = ?, last_used_at = ? where id = ? and (counter < ? or (counter = 0 and ? = 0))',
    [newCounter, credentialBackedUp, ctx.now, passkey.id, newCounter, newCounter],
    'run',
  )
  if (affected(moved) !== 1) throw failed()
  return passkey
}

const affected = (result: unknown) => (result as { affectedRows?: number }).affectedRows ?? 0

// ---------------------------------------------------------------- confirming one's identity

/** Options for confirming one's identity with a passkey: the member's own passkeys only. */
export async function reauthenticationOptions(ctx: AccountContext, user: CurrentUser): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const passkeys = await ctx.em.find(Passkey, { user: user.id })
  if (!passkeys.length) throw new AppError('BAD_REQUEST', 'account.errors.noPasskeys')
  return assertionOptions(ctx, 'reauthenticate', user.id, passkeys)
}

/** "Confirm it's you" with a passkey: the session counts as recently authenticated again. */
export async function reauthenticateWithPasskey(ctx: AccountContext, user: CurrentUser, response: AuthenticationResponseJSON): Promise<void> {
  await ctx.limits.hit('reauthenticate', ctx.browser.ip, String(user.id))
  await ctx.em.transactional(async (em) => {
    const challenge = await takeChallenge(em, response.response.clientDataJSON, 'reauthenticate', user.id, ctx.now)
    await verifyAssertion(ctx, em, response, challenge, user.id)
    await markAuthenticated(em, user.sessionId, 'passkey', ctx.now)
  })
}

// ---------------------------------------------------------------- naming and removing

export async function renamePasskey(em: EntityManager, user: CurrentUser, input: { id: number; name: string }): Promise<PasskeyView> {
  const passkey = await em.findOne(Passkey, { id: input.id, user: user.id })
  if (!passkey) throw new AppError('NOT_FOUND', 'notFound')
  passkey.name = input.name
  await em.flush()
  return view(passkey)
}

/**
 * Removes a passkey; never the last way in: an account without a password keeps at least one.
 * The account's row is locked, so removing the password and the last passkey at once cannot
 * both pass.
 */
export async function removePasskey(ctx: AccountContext, user: CurrentUser, id: number): Promise<void> {
  requireRecentAuth(user, ctx.now)
  await ctx.em.transactional(async (em) => {
    const account = await em.findOneOrFail(User, user.id, { lockMode: LockMode.PESSIMISTIC_WRITE })
    const passkey = await em.findOne(Passkey, { id, user: user.id })
    if (!passkey) throw new AppError('NOT_FOUND', 'notFound')
    if (!account.passwordHash && (await em.count(Passkey, { user: user.id })) <= 1) throw new AppError('CONFLICT', 'account.errors.lastSignInMethod')
    em.remove(passkey)
    await em.flush()
  })
}

/** Removes the password of an account that has a passkey: from now on it signs in with passkeys only. */
export async function removePassword(ctx: AccountContext, user: CurrentUser): Promise<void> {
  requireRecentAuth(user, ctx.now)
  await ctx.em.transactional(async (em) => {
    const account = await em.findOneOrFail(User, user.id, { lockMode: LockMode.PESSIMISTIC_WRITE })
    if (!(await em.count(Passkey, { user: user.id }))) throw new AppError('CONFLICT', 'account.errors.passkeyNeeded')
    account.passwordHash = null
    await em.flush()
  })
}

/** Gives an account with passkeys only a password again. */
export async function setPassword(ctx: AccountContext, user: CurrentUser, newPassword: string): Promise<void> {
  requireRecentAuth(user, ctx.now)
  const passwordHash = await hashPassword(newPassword)
  await ctx.em.transactional(async (em) => {
    const account = await em.findOneOrFail(User, user.id, { lockMode: LockMode.PESSIMISTIC_WRITE })
    if (account.passwordHash) throw new AppError('CONFLICT', 'account.errors.passwordExists')
    account.passwordHash = passwordHash
    await em.flush()
  })
}

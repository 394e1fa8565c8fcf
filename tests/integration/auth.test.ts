import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AuthToken, MailMessage, Session, User } from '../../core/db/entities/index.js'
import { hashToken } from '../../core/services/auth/sessions.js'
import { createTestDatabase, type TestDatabase } from '../support/test-database.js'
import { createTestApp, SITE_CLIENT, trpcMutation, type TestApp } from '../support/app.js'
import { PUBLIC_DEMO_SITE } from '../support/config.js'
import { errorOf, latestMail, linkOf, logIn, makeUser, me, sessionCookieOf } from '../support/accounts.js'

let db: TestDatabase
let t: TestApp
const EN = { 'x-locale': 'en' }
const PASSWORD = 'correct horse battery'

beforeAll(async () => {
  db = await createTestDatabase()
  // The per-IP limit is tested on its own below; here every request comes from 127.0.0.1.
  t = await createTestApp(db.orm, { RATE_LIMIT_PER_IP: '1000', PUBLIC_URL: 'https://club.example', ...PUBLIC_DEMO_SITE })
})
afterAll(async () => {
  await t.app.close()
  await db.drop()
})

const signUp = (email: string, password = PASSWORD, headers: Record<string, string> = EN, redirect?: string) =>
  trpcMutation(t.app, 'auth.signUp', { email, password, redirect }, headers)

describe('sign-up', () => {
  it('creates an unverified account with an argon2id hash, does not log in, and mails a verification link in its language', async () => {
    const res = await signUp('Nina@Example.com', PASSWORD, { 'x-locale': 'fr' }, '/fr/videos/3')
    expect(res.statusCode).toBe(200)
    expect(res.cookies).toEqual([])

    const user = await db.orm.em.fork().findOneOrFail(User, { email: 'Nina@Example.com' })
    expect(user.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/)
    expect(user.passwordHash).not.toContain(PASSWORD)
    expect(user.emailVerifiedAt).toBeNull()
    expect(user.locale).toBe('fr')
    expect(await db.orm.em.fork().count(Session, { user: user.id })).toBe(0)

    const mail = (await latestMail(db.orm, 'Nina@Example.com'))!
    expect(mail.subject).toBe('Confirmez votre adresse e-mail')
    const link = linkOf(mail)
    expect(`${link.url.origin}${link.url.pathname}`).toBe('https://club.example/verify-email')
    expect(link.email).toBe('Nina@Example.com')
    expect(link.url.searchParams.get('redirect')).toBe('/fr/videos/3')
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    // Only the token's hash is stored, and a send_mail job was queued with the mail.
    const stored = await db.orm.em.fork().findOneOrFail(AuthToken, { user: user.id, purpose: 'verifyEmail' })
    expect(stored.tokenHash).toBe(hashToken(link.token))
    const jobs = await db.orm.em
      .getConnection()
      .execute<Array<{ payload: { id: number } }>>(
        `select j.payload from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id where t.identifier = 'send_mail'`,
      )
    expect(jobs.map((job) => job.payload.id)).toContain(mail.id)
  })

  it("answers a known address (in any case) exactly like a new one, and tells its owner by mail in the account's language", async () => {
    const mailsBefore = await db.orm.em.fork().count(MailMessage, {})
    const known = await signUp('nina@EXAMPLE.com', "somebody else's password", { 'x-locale': 'de' })
    const fresh = await signUp('brand-new@example.com', PASSWORD, { 'x-locale': 'de' })
    // The same status, body and (no) cookies: the page cannot tell them apart.
    expect(known.statusCode).toBe(200)
    expect(known.statusCode).toBe(fresh.statusCode)
    expect(known.body).toBe(fresh.body)
    expect(known.cookies).toEqual([])
    expect(fresh.cookies).toEqual([])
    expect(Object.keys(known.headers).sort()).toEqual(Object.keys(fresh.headers).sort())
    // One mail each; the account is unchanged (no second account, the old password still works).
    expect(await db.orm.em.fork().count(MailMessage, {})).toBe(mailsBefore + 2)
    expect(await db.orm.em.fork().count(User, { email: { $ilike: 'nina@example.com' } })).toBe(1)
    expect((await logIn(t.app, 'nina@example.com', "somebody else's password")).statusCode).toBe(401)
    expect((await logIn(t.app, 'nina@example.com', PASSWORD)).statusCode).toBe(200)

    const mail = (await latestMail(db.orm, 'Nina@Example.com'))!
    expect(mail.subject).toBe('Vous avez déjà un compte Streamclub')
    expect(mail.text).toContain('Vous avez déjà un compte avec cette adresse.')
    const link = new URL(mail.text.match(/https?:\/\/\S+/)![0])
    expect(link.href).toBe('https://club.example/login/forgot-password')
    expect(mail.html).toContain('href="https://club.example/login/forgot-password"')
  })

  it('validates with the shared schema and translated messages', async () => {
    const empty = errorOf(await signUp('', '', { 'x-locale': 'de' }))
    expect(empty.data.fieldErrors).toEqual({ email: 'Bitte gib deine E-Mail-Adresse ein.', password: 'Bitte gib dein Passwort ein.' })
    const bad = errorOf(await signUp('not-an-email', 'short'))
    expect(bad.data.fieldErrors).toEqual({
      email: 'Please enter a valid email address.',
      password: 'The password must be at least 8 characters long.',
    })
  })

  it('is refused with the spec message when registration is switched off', async () => {
    const closed = await createTestApp(db.orm, { SIGNUP_ENABLED: 'false' })
    const res = await trpcMutation(closed.app, 'auth.signUp', { email: 'late@example.com', password: PASSWORD }, EN)
    expect(res.statusCode).toBe(403)
    expect(errorOf(res).message).toBe('Sign up is not allowed at this time: registration is currently not possible.')
    await closed.app.close()
  })
})

describe('email verification', () => {
  it('confirms the address once and logs its account in; the link then counts as used', async () => {
    await signUp('vera@example.com')
    const { token, email } = linkOf((await latestMail(db.orm, 'vera@example.com'))!)

    const wrongEmail = await trpcMutation(t.app, 'auth.verifyEmail', { token, email: 'other@example.com' }, EN)
    expect(errorOf(wrongEmail).message).toBe('This link is not valid. Please request a new one.')
    expect(wrongEmail.cookies).toEqual([])

    const ok = await trpcMutation(t.app, 'auth.verifyEmail', { token, email }, EN)
    expect(ok.statusCode).toBe(200)
    const cookie = sessionCookieOf(ok)
    expect(await me(t.app, cookie)).toMatchObject({ email: 'vera@example.com', emailVerified: true })

    const again = await trpcMutation(t.app, 'auth.verifyEmail', { token, email }, EN)
    expect(again.statusCode).toBe(400)
    expect(errorOf(again).message).toBe('This link has already been used. Please request a new one.')
    expect(again.cookies).toEqual([])
  })

  it("switches a browser signed in as someone else to the link's account", async () => {
    await makeUser(db.orm.em.fork(), { email: 'someone-else@example.com' })
    const other = sessionCookieOf(await logIn(t.app, 'someone-else@example.com', PASSWORD))
    await signUp('switcher@example.com')
    const { token, email } = linkOf((await latestMail(db.orm, 'switcher@example.com'))!)
    const ok = await trpcMutation(t.app, 'auth.verifyEmail', { token, email }, { ...EN, cookie: other })
    expect((await me(t.app, sessionCookieOf(ok)))?.email).toBe('switcher@example.com')
    expect(await me(t.app, other)).toBeNull()
  })

  it('refuses an expired link and sends a new one: to the signed-in user, or to an address, answering the same for any address', async () => {
    await signUp('late-verifier@example.com')
    const first = linkOf((await latestMail(db.orm, 'late-verifier@example.com'))!)
    await db.orm.em.fork().nativeUpdate(AuthToken, { tokenHash: hashToken(first.token) }, { expiresAt: new Date(Date.now() - 1000) })

    const expired = await trpcMutation(t.app, 'auth.verifyEmail', { token: first.token, email: first.email }, EN)
    expect(errorOf(expired).message).toBe('This link has expired. Please request a new one.')

    // Signed in (login works before the address is confirmed): the link in the screen's language.
    const cookie = sessionCookieOf(await logIn(t.app, 'late-verifier@example.com', PASSWORD))
    const resend = await trpcMutation(t.app, 'auth.resendVerification', {}, { 'x-locale': 'it', cookie })
    expect(resend.statusCode).toBe(200)
    const mail = (await latestMail(db.orm, 'late-verifier@example.com'))!
    expect(mail.subject).toBe('Conferma il tuo indirizzo e-mail')
    const second = linkOf(mail)
    expect(second.token).not.toBe(first.token)

    // A visitor by address: the account's own language, whatever the screen's.
    const byAddress = await trpcMutation(t.app, 'auth.resendVerification', { email: 'LATE-verifier@example.com' }, { 'x-locale': 'es' })
    expect(byAddress.statusCode).toBe(200)
    const third = (await latestMail(db.orm, 'late-verifier@example.com'))!
    expect(third.subject).toBe('Conferma il tuo indirizzo e-mail')
    expect(linkOf(third).token).not.toBe(second.token)

    expect((await trpcMutation(t.app, 'auth.verifyEmail', { token: linkOf(third).token, email: linkOf(third).email }, EN)).statusCode).toBe(200)
    const verifiedResend = await trpcMutation(t.app, 'auth.resendVerification', {}, { ...EN, cookie })
    expect(errorOf(verifiedResend).message).toBe('Your email address is already confirmed.')

    // By address, a confirmed account and an unknown address get the same answer, and no mail.
    const mails = await db.orm.em.fork().count(MailMessage, {})
    const confirmed = await trpcMutation(t.app, 'auth.resendVerification', { email: 'late-verifier@example.com' }, EN)
    const unknown = await trpcMutation(t.app, 'auth.resendVerification', { email: 'nobody-here@example.com' }, EN)
    expect(confirmed.statusCode).toBe(200)
    expect(unknown.body).toBe(confirmed.body)
    expect(unknown.body).toBe(byAddress.body)
    expect(await db.orm.em.fork().count(MailMessage, {})).toBe(mails)
  })

  it('asks a visitor for the address to resend to, and limits it per address', async () => {
    const res = await trpcMutation(t.app, 'auth.resendVerification', {}, EN)
    expect(res.statusCode).toBe(400)
    expect(errorOf(res).data.fieldErrors).toEqual({ email: 'Please enter your email address.' })
    for (let i = 0; i < 5; i++) {
      expect((await trpcMutation(t.app, 'auth.resendVerification', { email: 'resend-flood@example.com' }, EN)).statusCode).toBe(200)
    }
    expect((await trpcMutation(t.app, 'auth.resendVerification', { email: 'Resend-Flood@example.com' }, EN)).statusCode).toBe(429)
  })

  it('verifies a token only 24 hours long', async () => {
    await signUp('ttl@example.com')
    const user = await db.orm.em.fork().findOneOrFail(User, { email: 'ttl@example.com' })
    const token = await db.orm.em.fork().findOneOrFail(AuthToken, { user: user.id })
    const hours = (token.expiresAt.getTime() - token.createdAt.getTime()) / 3_600_000
    expect(hours).toBe(24)
  })
})

describe('login and logout', () => {
  it('answers an unknown email exactly like a wrong password', async () => {
    const em = db.orm.em.fork()
    await makeUser(em, { email: 'known@example.com' })
    const wrong = await logIn(t.app, 'known@example.com', 'wrong password')
    const unknown = await logIn(t.app, 'nobody@example.com', 'wrong password')
    expect(wrong.statusCode).toBe(401)
    expect(unknown.statusCode).toBe(wrong.statusCode)
    expect(errorOf(unknown)).toEqual(errorOf(wrong))
    expect(errorOf(wrong).message).toBe('The email address or the password is not correct.')
    expect(wrong.cookies).toEqual([])
  })

  it('logs in case-insensitively with a new session id each time; logout deletes the session', async () => {
    const em = db.orm.em.fork()
    const user = await makeUser(em, { email: 'Lena@Example.com' })
    const first = sessionCookieOf(await logIn(t.app, 'lena@example.com', PASSWORD))
    // Logging in again from the same browser replaces its session with a new id.
    const second = sessionCookieOf(await logIn(t.app, 'LENA@example.com', PASSWORD, false, { cookie: first }))
    expect(second).not.toBe(first)
    expect(await me(t.app, first)).toBeNull()
    expect((await me(t.app, second))?.email).toBe('Lena@Example.com')
    expect(await db.orm.em.fork().count(Session, { user: user.id })).toBe(1)

    const out = await trpcMutation(t.app, 'auth.logout', {}, { cookie: second })
    expect(out.statusCode).toBe(200)
    const cleared = out.cookies.find((c) => c.name === 'sid')!
    expect(cleared.value).toBe('')
    expect(await me(t.app, second)).toBeNull()
    expect(await db.orm.em.fork().count(Session, { user: user.id })).toBe(0)
  })

  it('keeps a remembered session for 30 days and a browser session without expiry on the cookie', async () => {
    await makeUser(db.orm.em.fork(), { email: 'remember@example.com' })
    const remembered = await logIn(t.app, 'remember@example.com', PASSWORD, true)
    expect(remembered.cookies.find((c) => c.name === 'sid')!.maxAge).toBe(30 * 86_400)
    const browser = await logIn(t.app, 'remember@example.com', PASSWORD, false)
    const cookie = browser.cookies.find((c) => c.name === 'sid')!
    expect(cookie.maxAge).toBeUndefined()
    expect(cookie.expires).toBeUndefined()
    const sessions = await db.orm.em.fork().find(Session, { user: { email: 'remember@example.com' } }, { orderBy: { createdAt: 'asc' } })
    const lifetimes = sessions.map((s) => Math.round((s.expiresAt.getTime() - s.createdAt.getTime()) / 3_600_000))
    expect(lifetimes).toEqual([30 * 24, 12])
  })

  it('marks the cookie Secure when the site is served over https', async () => {
    const behindTls = await createTestApp(db.orm, { TRUST_PROXY: 'true' })
    await makeUser(db.orm.em.fork(), { email: 'tls@example.com' })
    const res = await logIn(behindTls.app, 'tls@example.com', PASSWORD, false, { 'x-forwarded-proto': 'https', 'x-forwarded-for': '198.51.100.20' })
    expect(res.cookies.find((c) => c.name === 'sid')!.secure).toBe(true)
    const plain = await logIn(t.app, 'tls@example.com', PASSWORD)
    expect(plain.cookies.find((c) => c.name === 'sid')!.secure).toBeUndefined()
    await behindTls.app.close()
  })
})

describe('rate limits', () => {
  it('blocks an account after 5 wrong passwords, with a translated message, even for the right password', async () => {
    await makeUser(db.orm.em.fork(), { email: 'target@example.com' })
    for (let i = 0; i < 5; i++) expect((await logIn(t.app, 'target@example.com', `guess ${i}`)).statusCode).toBe(401)
    const blocked = await logIn(t.app, 'Target@example.com', PASSWORD, false, { 'x-locale': 'de' })
    expect(blocked.statusCode).toBe(429)
    expect(errorOf(blocked).message).toMatch(/^Zu viele Versuche\. Bitte warte \d+ Sekunden und versuche es erneut\.$/)
    // Other accounts are not affected.
    await makeUser(db.orm.em.fork(), { email: 'bystander@example.com' })
    expect((await logIn(t.app, 'bystander@example.com', PASSWORD)).statusCode).toBe(200)
  })

  it('lets at most the limit of parallel wrong guesses reach the password check', async () => {
    await makeUser(db.orm.em.fork(), { email: 'raced@example.com' })
    const guesses = await Promise.all(Array.from({ length: 20 }, (_, i) => logIn(t.app, 'raced@example.com', `parallel guess ${i}`)))
    const statuses = guesses.map((res) => res.statusCode).sort()
    expect(statuses.filter((s) => s === 401)).toHaveLength(5)
    expect(statuses.filter((s) => s === 429)).toHaveLength(15)
    expect((await logIn(t.app, 'raced@example.com', PASSWORD)).statusCode).toBe(429)
  })

  it('counts every call of a batched request', async () => {
    await makeUser(db.orm.em.fork(), { email: 'batched@example.com' })
    const calls = Array.from({ length: 12 }, (_, i) => ({ email: 'batched@example.com', password: `batched guess ${i}`, remember: false }))
    const res = await t.app.inject({
      method: 'POST',
      url: `/trpc/${calls.map(() => 'auth.login').join(',')}?batch=1`,
      headers: { 'content-type': 'application/json', ...SITE_CLIENT, ...EN },
      payload: Object.fromEntries(calls.map((input, i) => [String(i), input])),
    })
    const codes = (res.json() as Array<{ error?: { data: { httpStatus: number } } }>).map((item) => item.error?.data.httpStatus)
    expect(codes.filter((c) => c === 401)).toHaveLength(5)
    expect(codes.filter((c) => c === 429)).toHaveLength(7)
  })

  it('gives a successful login its attempt back', async () => {
    await makeUser(db.orm.em.fork(), { email: 'regular@example.com' })
    for (let i = 0; i < 4; i++) expect((await logIn(t.app, 'regular@example.com', `typo ${i}`)).statusCode).toBe(401)
    // Seven good logins after four typos: none of them uses up the fifth attempt.
    for (let i = 0; i < 7; i++) expect((await logIn(t.app, 'regular@example.com', PASSWORD)).statusCode).toBe(200)
    expect((await logIn(t.app, 'regular@example.com', 'typo 5')).statusCode).toBe(401)
    expect((await logIn(t.app, 'regular@example.com', PASSWORD)).statusCode).toBe(429)
  })

  it('limits forgot-password per account', async () => {
    for (let i = 0; i < 5; i++) expect((await trpcMutation(t.app, 'auth.forgotPassword', { email: 'flood@example.com' }, EN)).statusCode).toBe(200)
    const blocked = await trpcMutation(t.app, 'auth.forgotPassword', { email: 'flood@example.com' }, EN)
    expect(blocked.statusCode).toBe(429)
    expect(errorOf(blocked).message).toMatch(/^Too many attempts\. Please wait \d+ seconds and try again\.$/)
  })

  it('limits login, sign-up and forgot-password per IP address', async () => {
    const strict = await createTestApp(db.orm, { TRUST_PROXY: 'true', RATE_LIMIT_PER_IP: '3', RATE_LIMIT_PER_ACCOUNT: '100' })
    const from = (ip: string) => ({ ...EN, 'x-forwarded-for': ip })
    for (let i = 0; i < 3; i++) expect((await logIn(strict.app, `ip${i}@example.com`, 'x', false, from('203.0.113.7'))).statusCode).toBe(401)
    expect((await logIn(strict.app, 'ip9@example.com', 'x', false, from('203.0.113.7'))).statusCode).toBe(429)
    // Another address still gets in line.
    expect((await logIn(strict.app, 'ip9@example.com', 'x', false, from('203.0.113.8'))).statusCode).toBe(401)

    for (let i = 0; i < 3; i++) {
      expect((await trpcMutation(strict.app, 'auth.signUp', { email: `many${i}@example.com`, password: PASSWORD }, from('203.0.113.9'))).statusCode).toBe(200)
    }
    expect((await trpcMutation(strict.app, 'auth.signUp', { email: 'many9@example.com', password: PASSWORD }, from('203.0.113.9'))).statusCode).toBe(429)
    for (let i = 0; i < 3; i++) {
      expect((await trpcMutation(strict.app, 'auth.forgotPassword', { email: `f${i}@example.com` }, from('203.0.113.10'))).statusCode).toBe(200)
    }
    expect((await trpcMutation(strict.app, 'auth.forgotPassword', { email: 'f9@example.com' }, from('203.0.113.10'))).statusCode).toBe(429)
    await strict.app.close()
  })
})

describe('password reset', () => {
  it('answers the same for unknown and known addresses and mails only the known one', async () => {
    await makeUser(db.orm.em.fork(), { email: 'forgetful@example.com' })
    const before = await db.orm.em.fork().count(MailMessage, {})
    const known = await trpcMutation(t.app, 'auth.forgotPassword', { email: 'FORGETFUL@example.com' }, { 'x-locale': 'es' })
    const unknown = await trpcMutation(t.app, 'auth.forgotPassword', { email: 'ghost@example.com' }, { 'x-locale': 'es' })
    expect(known.statusCode).toBe(200)
    expect(unknown.statusCode).toBe(200)
    expect(unknown.body).toBe(known.body)
    expect(await db.orm.em.fork().count(MailMessage, {})).toBe(before + 1)
    const mail = (await latestMail(db.orm, 'forgetful@example.com'))!
    expect(mail.subject).toBe('Elige una nueva contraseña')
    expect(linkOf(mail).url.pathname).toBe('/login/reset-password')
  })

  it('sets the new password with the link, logs in, ends other sessions; the link works once and only the newest', async () => {
    const em = db.orm.em.fork()
    await makeUser(em, { email: 'reset@example.com' })
    const elsewhere = sessionCookieOf(await logIn(t.app, 'reset@example.com', PASSWORD))
    await trpcMutation(t.app, 'auth.forgotPassword', { email: 'reset@example.com' }, EN)
    const older = linkOf((await latestMail(db.orm, 'reset@example.com'))!)
    await trpcMutation(t.app, 'auth.forgotPassword', { email: 'reset@example.com' }, EN)
    const newest = linkOf((await latestMail(db.orm, 'reset@example.com'))!)
    expect(newest.token).not.toBe(older.token)

    const retired = await trpcMutation(t.app, 'auth.resetPassword', { email: older.email, token: older.token, password: 'a new password' }, EN)
    expect(errorOf(retired).message).toBe('This link has already been used. Please request a new one.')

    const tooShort = await trpcMutation(t.app, 'auth.resetPassword', { email: newest.email, token: newest.token, password: 'short' }, EN)
    expect(errorOf(tooShort).data.fieldErrors).toEqual({ password: 'The password must be at least 8 characters long.' })

    const ok = await trpcMutation(t.app, 'auth.resetPassword', { email: newest.email, token: newest.token, password: 'a new password' }, EN)
    expect(ok.statusCode).toBe(200)
    const cookie = sessionCookieOf(ok)
    expect((await me(t.app, cookie))?.email).toBe('reset@example.com')
    expect(await me(t.app, elsewhere)).toBeNull()

    expect((await logIn(t.app, 'reset@example.com', PASSWORD)).statusCode).toBe(401)
    expect((await logIn(t.app, 'reset@example.com', 'a new password')).statusCode).toBe(200)

    const reused = await trpcMutation(t.app, 'auth.resetPassword', { email: newest.email, token: newest.token, password: 'third password' }, EN)
    expect(errorOf(reused).message).toBe('This link has already been used. Please request a new one.')
  })

  it('refuses an expired reset link (1 hour)', async () => {
    await makeUser(db.orm.em.fork(), { email: 'slow@example.com' })
    await trpcMutation(t.app, 'auth.forgotPassword', { email: 'slow@example.com' }, EN)
    const link = linkOf((await latestMail(db.orm, 'slow@example.com'))!)
    const token = await db.orm.em.fork().findOneOrFail(AuthToken, { tokenHash: hashToken(link.token) })
    expect(token.expiresAt.getTime() - token.createdAt.getTime()).toBe(3_600_000)
    await db.orm.em.fork().nativeUpdate(AuthToken, { id: token.id }, { expiresAt: new Date(Date.now() - 1) })
    const res = await trpcMutation(t.app, 'auth.resetPassword', { email: link.email, token: link.token, password: 'a new password' }, EN)
    expect(errorOf(res).message).toBe('This link has expired. Please request a new one.')
    const garbage = await trpcMutation(t.app, 'auth.resetPassword', { email: link.email, token: 'not-a-token', password: 'a new password' }, EN)
    expect(errorOf(garbage).message).toBe('This link is not valid. Please request a new one.')
  })
})

describe('change password', () => {
  it('needs the right current password, keeps this session and ends the others', async () => {
    await makeUser(db.orm.em.fork(), { email: 'changer@example.com' })
    const here = sessionCookieOf(await logIn(t.app, 'changer@example.com', PASSWORD))
    const there = sessionCookieOf(await logIn(t.app, 'changer@example.com', PASSWORD))

    const empty = errorOf(await trpcMutation(t.app, 'auth.changePassword', { currentPassword: '', newPassword: '' }, { ...EN, cookie: here }))
    expect(empty.data.fieldErrors).toEqual({ currentPassword: 'Please enter your current password.', newPassword: 'Please enter a new password.' })

    const wrong = await trpcMutation(t.app, 'auth.changePassword', { currentPassword: 'nope nope', newPassword: 'brand new secret' }, { ...EN, cookie: here })
    expect(wrong.statusCode).toBe(400)
    expect(errorOf(wrong).data.fieldErrors).toEqual({ currentPassword: 'The current password is not correct.' })

    const ok = await trpcMutation(t.app, 'auth.changePassword', { currentPassword: PASSWORD, newPassword: 'brand new secret' }, { ...EN, cookie: here })
    expect(ok.statusCode).toBe(200)
    expect((await me(t.app, here))?.email).toBe('changer@example.com')
    expect(await me(t.app, there)).toBeNull()
    expect((await logIn(t.app, 'changer@example.com', 'brand new secret')).statusCode).toBe(200)
  })

  it('is for logged-in users with a confirmed address only', async () => {
    const visitor = await trpcMutation(t.app, 'auth.changePassword', { currentPassword: PASSWORD, newPassword: 'brand new secret' }, EN)
    expect(visitor.statusCode).toBe(401)
    await makeUser(db.orm.em.fork(), { email: 'unverified@example.com', verified: false })
    const cookie = sessionCookieOf(await logIn(t.app, 'unverified@example.com', PASSWORD))
    const res = await trpcMutation(t.app, 'auth.changePassword', { currentPassword: PASSWORD, newPassword: 'brand new secret' }, { ...EN, cookie })
    expect(res.statusCode).toBe(403)
  })
})

describe('secrets stay out of the database and the logs', () => {
  it('stores no password, session token or link token in clear, and logs none', async () => {
    const password = 'very secret passphrase 42'
    await signUp('quiet@example.com', password)
    const { token } = linkOf((await latestMail(db.orm, 'quiet@example.com'))!)
    await t.app.inject({ url: `/verify-email?token=${token}&email=quiet%40example.com`, headers: { accept: 'text/html' } })
    const verified = await trpcMutation(t.app, 'auth.verifyEmail', { token, email: 'quiet@example.com' }, EN)
    const sessionToken = sessionCookieOf(verified).split('=')[1]!
    await t.app.inject({ url: `/login/reset-password?email=quiet%40example.com&token=${token}`, headers: { accept: 'text/html' } })
    await logIn(t.app, 'quiet@example.com', password)

    const tables = ['app_user', 'session', 'auth_token', 'rate_limit_hit']
    for (const table of tables) {
      const rows = await db.orm.em.getConnection().execute(`select * from ${table}`)
      const dump = JSON.stringify(rows)
      expect(dump, table).not.toContain(password)
      expect(dump, table).not.toContain(sessionToken)
      expect(dump, table).not.toContain(token)
    }
    // Rate-limit keys are hashes: no address in clear.
    expect(JSON.stringify(await db.orm.em.getConnection().execute('select * from rate_limit_hit'))).not.toMatch(/quiet|127\.0\.0\.1/)
    const logText = JSON.stringify(t.logs)
    expect(
      t.logs.some((line) =>
        String((line.req as { url?: string } | undefined)?.url).startsWith('/login/reset-password?email=quiet%40example.com&token=[redacted]'),
      ),
    ).toBe(true)
    expect(logText).not.toContain(password)
    expect(logText).not.toContain(token)
    expect(logText).not.toContain(sessionToken)
  })
})

import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AgeMethodUnavailable, AgeResponseRejected, AgeResultPending } from '../../core/services/age/methods/errors.js'
import { MemoryReplayGuard } from '../../core/services/age/methods/replay-guard.js'
import { SessionApiAgeMethod, type SessionApiProviderOptions } from '../../core/services/age/methods/session-api.js'
import { AgeRouteHarness } from '../support/age-route-harness.js'
import { FakeSessionProvider } from '../support/fake-session-provider.js'

const API_KEY = randomBytes(16).toString('hex')
const SECRET = randomBytes(32).toString('base64url')

let provider: FakeSessionProvider
let site: AgeRouteHarness
let method: SessionApiAgeMethod

function adapter(overrides: Partial<SessionApiProviderOptions> = {}) {
  return new SessionApiAgeMethod({
    key: 'facecheck',
    name: 'FaceCheck',
    apiUrl: provider.url,
    apiKey: API_KEY,
    webhookSecret: SECRET,
    doubleAnonymous: true,
    assurance: 'verified',
    replayGuard: new MemoryReplayGuard(),
    ...overrides,
  })
}

beforeAll(async () => {
  provider = new FakeSessionProvider(API_KEY, SECRET)
  await provider.start()
  method = adapter()
  site = new AgeRouteHarness([method])
  await site.start()
})
afterAll(async () => {
  await site.close()
  await provider.close()
})

/** Starts a check and returns it with the provider's session. */
async function startSession() {
  const { entry, started } = await site.startCheck(method)
  if (started.kind !== 'redirect') throw new Error('expected a redirect')
  const session = provider.sessions.get(String(entry.check.state.sessionId))!
  return { entry, started, session }
}

describe('session-API provider', () => {
  it('creates a session, sends the visitor there, and takes the result from the signed webhook', async () => {
    const { entry, started, session } = await startSession()
    expect(method).toMatchObject({ id: 'session-facecheck', kind: 'session-api', provider: 'FaceCheck', doubleAnonymous: true })
    expect(started.url).toBe(`${provider.url}/verify/${session.id}`)
    expect(session).toMatchObject({ referenceId: entry.check.id, notificationUrl: `${site.origin}/age/response/session-facecheck` })
    // The visitor completes the check at the provider, which posts its webhooks and sends the browser back.
    const page = await fetch(`${started.url}?answer=adult`, { redirect: 'manual' })
    expect(page.status).toBe(303)
    expect(provider.deliveries.slice(-2).map((delivery) => delivery.status)).toEqual([202, 200]) // started (no result yet), completed
    expect(entry.result).toEqual({ ok: true, over18: true, assurance: 'estimated' })
    // The browser's return is no result: the check's result came by webhook.
    const back = await fetch(page.headers.get('location')!, { headers: { cookie: `age_check=${entry.check.id}` } })
    expect(back.status).toBe(202)
  })

  it('records a no when the provider says the person is not 18', async () => {
    const { entry, started } = await startSession()
    await fetch(`${started.url}?answer=minor`, { redirect: 'manual' })
    expect(entry.result).toEqual({ ok: false, reason: 'the provider found the person not 18' })
  })

  it('refuses forged, tampered and stale webhooks, and changes nothing', async () => {
    const { entry, session } = await startSession()
    const forged = provider.signed(session, { status: 'completed', over_18: true }, { secret: 'not-the-secret-not-the-secret-0123' })
    expect(await provider.deliver(forged)).toBe(401)
    const genuine = provider.signed(session, { status: 'completed', over_18: false })
    expect(await provider.deliver({ ...genuine, body: genuine.body.replace('"over_18":false', '"over_18":true') })).toBe(401)
    const stale = provider.signed(session, { status: 'completed', over_18: true }, { timestamp: Math.floor(Date.now() / 1000) - 301 })
    expect(await provider.deliver(stale)).toBe(401)
    const future = provider.signed(session, { status: 'completed', over_18: true }, { timestamp: Math.floor(Date.now() / 1000) + 301 })
    expect(await provider.deliver(future)).toBe(401)
    expect(await provider.deliver({ ...genuine, headers: { ...genuine.headers, 'x-signature': '' } })).toBe(401)
    expect(entry.result).toBeNull()
    // The genuine one still counts.
    expect(await provider.deliver(genuine)).toBe(200)
    expect(entry.result).toMatchObject({ ok: false })
  })

  it('accepts each event once', async () => {
    const { entry, session } = await startSession()
    const started = provider.signed(session, { status: 'started' })
    expect(await provider.deliver(started)).toBe(202)
    expect(await provider.deliver(started)).toBe(409)
    const completed = provider.signed(session, { status: 'completed', over_18: true })
    // Straight at the adapter: a replay of the final event is refused, not a second result.
    const input = { rawBody: Buffer.from(completed.body), headers: completed.headers }
    expect(await method.complete(entry.check, input)).toMatchObject({ ok: true })
    await expect(method.complete(entry.check, input)).rejects.toEqual(new AgeResponseRejected(409, 'event already received'))
  })

  it('refuses an event about another session, even when signed', async () => {
    const first = await startSession()
    const second = await startSession()
    const crossed = provider.signed({ ...second.session, referenceId: first.entry.check.id }, { status: 'completed', over_18: true })
    expect(await provider.deliver(crossed)).toBe(404)
    expect(first.entry.result).toBeNull()
  })

  it('ends a check that failed or expired at the provider with a no', async () => {
    for (const status of ['failed', 'expired', 'cancelled']) {
      const { entry, session } = await startSession()
      expect(await provider.deliver(provider.signed(session, { status }))).toBe(200)
      expect(entry.result).toEqual({ ok: false, reason: `the session ended ${status}` })
    }
  })

  it('is unavailable when the provider cannot be reached or refuses the key', async () => {
    const start = (target: SessionApiAgeMethod) =>
      target.start({ checkId: 'c', nonce: 'n', locale: 'en', origin: site.origin, callbackUrl: `${site.origin}/cb`, responseUrl: `${site.origin}/r` })
    await expect(start(adapter({ apiKey: 'wrong' }))).rejects.toEqual(new AgeMethodUnavailable('the provider refused the session: HTTP 401'))
    await expect(start(adapter({ apiUrl: 'http://127.0.0.1:9' }))).rejects.toBeInstanceOf(AgeMethodUnavailable)
    const { entry } = await startSession()
    await expect(method.complete(entry.check, { query: new URLSearchParams(), headers: {} })).rejects.toBeInstanceOf(AgeResultPending)
  })
})

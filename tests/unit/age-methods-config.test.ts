import { X509Certificate } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../../core/config.js'
import type { AgeMethod } from '../../core/services/age/method.js'
import { ageMethodsFromConfig } from '../../core/services/age/methods/index.js'
import { configuredAgeMethods } from '../../core/services/age/methods.js'
import { ruleFor } from '../../core/domain/age/policy.js'
import { makeIssuer, type TestIssuer } from '../support/age-wallet.js'

const base = { APP_SECRET: 'x'.repeat(32) }
/** A development clone served over https (wallets answer only to https). */
const HTTPS_LOCAL = { PUBLIC_URL: 'https://localhost:8443' }
const SEGPAY = {
  BILLING_PROVIDER: 'segpay',
  SEGPAY_PACKAGE_ID: '1',
  SEGPAY_PRICE_POINTS: 'basic-monthly=2',
  SEGPAY_POSTBACK_SECRET: 's'.repeat(32),
  SEGPAY_ALLOWED_IPS: '10.0.0.1',
}
/** A deployment: a public address with a real processor. */
const PUBLIC = { PUBLIC_URL: 'https://club.example.com', SMTP_URL: 'smtp://mail.example.com', ...SEGPAY }
const oidc = (entry: Record<string, unknown>) =>
  JSON.stringify([{ key: 'verifymy', name: 'VerifyMy', issuer: 'https://id.example.com', clientId: 'club', clientSecret: 's3cret', ...entry }])
const session = (entry: Record<string, unknown>) =>
  JSON.stringify([{ key: 'facecheck', name: 'FaceCheck', apiUrl: 'https://api.facecheck.example/v1/', apiKey: 'k', webhookSecret: 'w'.repeat(32), ...entry }])

let dir: string
let issuer: TestIssuer
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'methods-anchors-'))
  issuer = await makeIssuer()
})
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

function file(name: string, text: string): string {
  const target = path.join(dir, name)
  fs.writeFileSync(target, text)
  return target
}

describe('age method settings', () => {
  it('has no provider configured by default, and the card check while the demo checkout is on', () => {
    expect(loadConfig(base).ageMethods).toEqual({ wallet: null, oidc: [], sessionApi: [], card: true })
    expect(loadConfig({ ...base, ...PUBLIC }).ageMethods.card).toBe(false)
    expect(loadConfig({ ...base, AGE_CARD_CHECK: 'false' }).ageMethods.card).toBe(false)
  })

  it('refuses the card check where it cannot work, naming the setting', () => {
    expect(() => loadConfig({ ...base, AGE_CARD_CHECK: 'true', DEMO_CHECKOUT: 'false' })).toThrow(/AGE_CARD_CHECK: needs the demo checkout/)
    const segpay = SEGPAY
    expect(() => loadConfig({ ...base, ...segpay, AGE_CARD_CHECK: 'true' })).toThrow(/AGE_CARD_CHECK: not available with BILLING_PROVIDER=segpay/)
    expect(loadConfig({ ...base, ...segpay }).ageMethods.card).toBe(false)
  })

  it('reads OpenID Connect providers from a JSON list, with defaults', () => {
    expect(loadConfig({ ...base, AGE_OIDC_PROVIDERS: oidc({ scope: 'age' }) }).ageMethods.oidc).toEqual([
      {
        key: 'verifymy',
        name: 'VerifyMy',
        issuer: 'https://id.example.com',
        clientId: 'club',
        clientSecret: 's3cret',
        claim: 'age_over_18',
        scope: 'openid age',
        claimsParameter: true,
        doubleAnonymous: false,
        assurance: 'verified',
      },
    ])
    // http only for a provider on this machine, outside production.
    expect(loadConfig({ ...base, AGE_OIDC_PROVIDERS: oidc({ issuer: 'http://127.0.0.1:4101' }) }).ageMethods.oidc[0]!.issuer).toBe('http://127.0.0.1:4101')
  })

  it('names the entry and field of a bad provider list', () => {
    const fails = (env: Record<string, string>, message: RegExp) => {
      expect(() => loadConfig({ ...base, ...env })).toThrow(ConfigError)
      expect(() => loadConfig({ ...base, ...env })).toThrow(message)
    }
    fails({ AGE_OIDC_PROVIDERS: '[{' }, /AGE_OIDC_PROVIDERS: must be a JSON list of providers/)
    fails({ AGE_OIDC_PROVIDERS: oidc({ issuer: undefined }) }, /AGE_OIDC_PROVIDERS\[0\]\.issuer:/)
    fails({ AGE_OIDC_PROVIDERS: oidc({ issuer: 'http://id.example.com' }) }, /AGE_OIDC_PROVIDERS\[0\]\.issuer: must be https/)
    fails({ AGE_OIDC_PROVIDERS: oidc({ key: 'Verify My' }) }, /AGE_OIDC_PROVIDERS\[0\]\.key: must be 1 to 32 lower-case letters/)
    fails({ AGE_OIDC_PROVIDERS: oidc({ clientSecre: 'typo' }) }, /AGE_OIDC_PROVIDERS\[0\]: .*"clientSecre"/i)
    fails({ AGE_OIDC_PROVIDERS: JSON.stringify([...JSON.parse(oidc({})), ...JSON.parse(oidc({}))]) }, /AGE_OIDC_PROVIDERS\[1\]\.key: verifymy is used twice/)
    fails({ AGE_SESSION_API_PROVIDERS: session({ webhookSecret: 'short' }) }, /AGE_SESSION_API_PROVIDERS\[0\]\.webhookSecret: must be at least 32 characters/)
    fails({ ...PUBLIC, AGE_SESSION_API_PROVIDERS: session({ apiUrl: 'http://localhost:8080' }) }, /apiUrl: must be https/)
    fails({ AGE_WALLET_URL_SCHEME: 'av://' }, /AGE_WALLET_URL_SCHEME: must be a URL scheme/)
  })

  it('reads the wallet trust anchors from a PEM file at start', () => {
    const anchors = file('anchors.pem', `# EU age verification trust anchors\n${issuer.anchorPem}\n`)
    const wallet = loadConfig({ ...base, ...HTTPS_LOCAL, AGE_WALLET_TRUST_ANCHORS: anchors }).ageMethods.wallet!
    expect(wallet.scheme).toBe('av')
    expect(wallet.trustAnchors).toHaveLength(1)
    expect(Buffer.from(wallet.trustAnchors[0]!).equals(Buffer.from(issuer.anchorDer))).toBe(true)
    expect(() => loadConfig({ ...base, AGE_WALLET_TRUST_ANCHORS: path.join(dir, 'missing.pem') })).toThrow(
      /AGE_WALLET_TRUST_ANCHORS: cannot read .*missing\.pem \(ENOENT\)/,
    )
    expect(() => loadConfig({ ...base, AGE_WALLET_TRUST_ANCHORS: file('empty.pem', 'nothing here') })).toThrow(/holds no PEM certificate/)
    const signerPem = new X509Certificate(issuer.signerDer).toString()
    expect(() => loadConfig({ ...base, AGE_WALLET_TRUST_ANCHORS: file('signer.pem', signerPem) })).toThrow(/certificate 1 in .* is not a CA certificate/)
  })

  it('refuses the wallet on an http address, where no wallet would answer', () => {
    const anchors = file('anchors-http.pem', issuer.anchorPem)
    expect(() => loadConfig({ ...base, AGE_WALLET_TRUST_ANCHORS: anchors })).toThrow(
      /AGE_WALLET_TRUST_ANCHORS: wallets answer only to an https address, and PUBLIC_URL is http:\/\/localhost:3000 \(serve the site over https\)/,
    )
    expect(loadConfig({ ...base, ...HTTPS_LOCAL, AGE_WALLET_TRUST_ANCHORS: anchors }).ageMethods.wallet).not.toBeNull()
  })

  it('refuses a trust list of which nothing is valid now', async () => {
    const expired = await makeIssuer({ notBefore: new Date(Date.now() - 20 * 86_400_000), notAfter: new Date(Date.now() - 86_400_000) })
    expect(() => loadConfig({ ...base, AGE_WALLET_TRUST_ANCHORS: file('expired.pem', expired.anchorPem) })).toThrow(/no certificate in .* is valid now/)
  })
})

describe('ageMethodsFromConfig', () => {
  it('builds every configured method, the development provider first when the flow gives one', async () => {
    const config = loadConfig({
      ...base,
      ...HTTPS_LOCAL,
      AGE_WALLET_TRUST_ANCHORS: file('registry.pem', issuer.anchorPem),
      AGE_OIDC_PROVIDERS: oidc({ doubleAnonymous: true }),
      AGE_SESSION_API_PROVIDERS: session({}),
    })
    const dev = { id: 'dev', kind: 'dev', provider: 'dev', doubleAnonymous: false } as AgeMethod
    const methods = await ageMethodsFromConfig(config, { devMethod: dev })
    expect(methods.map((method) => [method.id, method.kind, method.provider, method.doubleAnonymous])).toEqual([
      ['dev', 'dev', 'dev', false],
      ['eu-wallet', 'eu-wallet', 'EU age verification', true],
      ['oidc-verifymy', 'oidc', 'VerifyMy', true],
      ['session-facecheck', 'session-api', 'FaceCheck', false],
      ['card', 'card', 'Demo processor', false],
    ])
    expect(await ageMethodsFromConfig(loadConfig({ ...base, AGE_CARD_CHECK: 'false' }))).toEqual([])
  })
})

describe('the configured methods under the shipped policy', () => {
  const offered = async (env: Record<string, string>, country: string) => {
    const config = loadConfig({ ...base, ...env })
    return (await configuredAgeMethods(config)).offeredFor(ruleFor(config.age.policy, { country, region: null })).map((method) => method.id)
  }

  it('offers the development provider on a localhost clone, and each configured provider where its kind is accepted', async () => {
    // A fresh clone: the development check everywhere a check is asked for, the demo card check in the UK only.
    expect(await offered({}, 'GB')).toEqual(['dev', 'card'])
    expect(await offered({}, 'FR')).toEqual(['dev'])
    expect(await offered({}, 'NL')).toEqual([])
    const providers = {
      ...HTTPS_LOCAL,
      AGE_OIDC_PROVIDERS: oidc({ doubleAnonymous: true }),
      AGE_SESSION_API_PROVIDERS: session({}),
      AGE_WALLET_TRUST_ANCHORS: file('anchors-policy.pem', issuer.anchorPem),
    }
    // Double-anonymous methods first (the development check counts as one).
    expect(await offered(providers, 'FR')).toEqual(['dev', 'eu-wallet', 'oidc-verifymy', 'session-facecheck'])
    expect(await offered(providers, 'GB')).toEqual(['dev', 'eu-wallet', 'oidc-verifymy', 'session-facecheck', 'card'])
    // A production address: no development check.
    expect(await offered({ ...providers, ...PUBLIC }, 'DE')).toEqual(['eu-wallet', 'oidc-verifymy', 'session-facecheck'])
  })
})

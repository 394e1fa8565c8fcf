/**
 * The environment of the age-verification methods (core/services/age/methods/), parsed with the
 * rest of the configuration (core/config.ts) so that a bad value stops the start with a message
 * naming the variable (and, in a list, the entry and its field). Which methods a jurisdiction
 * offers is the age policy's business; this only says which exist.
 */
import fs from 'node:fs'
import { X509Certificate } from 'node:crypto'
import { z } from 'zod'

const bool = z.stringbool({ truthy: ['1', 'true', 'yes', 'on'], falsy: ['0', 'false', 'no', 'off', ''] })

export const ageMethodsEnv = {
  /** A PEM file of the trust anchors (IACA certificates) whose age proofs are believed; set: the EU wallet method is on. */
  AGE_WALLET_TRUST_ANCHORS: z.string().min(1).optional(),
  /** The scheme of the wallet request's QR code and link: av (the blueprint's app), openid4vp, eudi-openid4vp, haip. */
  AGE_WALLET_URL_SCHEME: z
    .string()
    .regex(/^[a-z][a-z0-9+.-]{0,31}$/, 'must be a URL scheme without "://" (for example av)')
    .default('av'),
  /** OpenID Connect age-verification providers, as a JSON list. */
  AGE_OIDC_PROVIDERS: z.string().optional(),
  /** Session-API age-verification providers (server-created sessions, signed webhooks), as a JSON list. */
  AGE_SESSION_API_PROVIDERS: z.string().optional(),
  /** The card check through the billing processor; default on while the demo checkout is. */
  AGE_CARD_CHECK: bool.optional(),
}

type AgeMethodsEnv = z.infer<z.ZodObject<typeof ageMethodsEnv>>

export interface AgeMethodsConfig {
  /** The EU age-verification wallet: its trust anchors (DER), read once at start. */
  wallet: { trustAnchorsFile: string; trustAnchors: Uint8Array[]; scheme: string } | null
  oidc: z.output<ReturnType<typeof oidcList>>
  sessionApi: z.output<ReturnType<typeof sessionApiList>>
  /** The card check through the billing processor (today the demo processor only). */
  card: boolean
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]'])

/** https, or http to this machine outside production (a provider run locally or by the tests). */
function serviceUrl(production: boolean) {
  return z
    .url({ protocol: /^https?$/ })
    .refine(
      (url) => url.startsWith('https:') || (!production && LOOPBACK.has(new URL(url).hostname)),
      'must be https (http only to localhost outside production)',
    )
    .transform((url) => url.replace(/\/$/, ''))
}

const key = z.string().regex(/^[a-z0-9][a-z0-9-]{0,31}$/, 'must be 1 to 32 lower-case letters, digits or dashes')
const name = z.string().trim().min(1).max(80)

/** A JSON list of providers: each with its key and name, `fields`, whether it is double-anonymous and its assurance. */
const providerList = <F extends z.ZodRawShape>(fields: F) =>
  z.array(
    z.strictObject({
      key,
      name,
      ...fields,
      doubleAnonymous: z.boolean().default(false),
      assurance: z.enum(['verified', 'estimated']).default('verified'),
    }),
  )

const oidcList = (production: boolean) =>
  providerList({
    issuer: serviceUrl(production),
    clientId: z.string().min(1).max(200),
    clientSecret: z.string().min(1).max(500),
    claim: z
      .string()
      .regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'must be a claim name such as age_over_18')
      .default('age_over_18'),
    scope: z
      .string()
      .regex(/^[\x21\x23-\x5b\x5d-\x7e]+( [\x21\x23-\x5b\x5d-\x7e]+)*$/, 'must be space-separated scope names')
      .default('openid')
      .transform((scope) => (scope.split(' ').includes('openid') ? scope : `openid ${scope}`)),
    claimsParameter: z.boolean().default(true),
  })

const sessionApiList = (production: boolean) =>
  providerList({
    apiUrl: serviceUrl(production),
    apiKey: z.string().min(1).max(500),
    webhookSecret: z.string().min(32, 'must be at least 32 characters').max(500),
  })

/** Parses a JSON list variable; each problem named `VARIABLE[index].field: message`. */
function jsonList<T extends { key: string }>(variable: string, text: string | undefined, schema: z.ZodType<T[]>, problems: string[]): T[] {
  if (text === undefined || text.trim() === '') return []
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    problems.push(`  ${variable}: must be a JSON list of providers (see docs/configuration.md)`)
    return []
  }
  const parsed = schema.safeParse(value)
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const [index, ...field] = issue.path
      problems.push(`  ${variable}${index === undefined ? '' : `[${String(index)}]`}${field.length ? `.${field.join('.')}` : ''}: ${issue.message}`)
    }
    return []
  }
  const seen = new Set<string>()
  for (const [index, entry] of parsed.data.entries()) {
    if (seen.has(entry.key)) problems.push(`  ${variable}[${index}].key: ${entry.key} is used twice`)
    seen.add(entry.key)
  }
  return parsed.data
}

/** The trust anchors of a PEM file: every certificate must parse and be a CA; at least one valid now. */
function readTrustAnchors(file: string, problems: string[], now: Date): Uint8Array[] {
  const variable = 'AGE_WALLET_TRUST_ANCHORS'
  let text: string
  try {
    text = fs.readFileSync(file, 'utf8')
  } catch (error) {
    problems.push(`  ${variable}: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? 'error'})`)
    return []
  }
  const blocks = text.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? []
  if (!blocks.length) {
    problems.push(`  ${variable}: ${file} holds no PEM certificate`)
    return []
  }
  const anchors: X509Certificate[] = []
  for (const [index, block] of blocks.entries()) {
    let certificate: X509Certificate
    try {
      certificate = new X509Certificate(block)
    } catch {
      problems.push(`  ${variable}: certificate ${index + 1} in ${file} does not parse`)
      continue
    }
    if (!certificate.ca)
      problems.push(`  ${variable}: certificate ${index + 1} in ${file} (${certificate.subject.replaceAll('\n', ', ')}) is not a CA certificate`)
    else anchors.push(certificate)
  }
  if (anchors.length && !anchors.some((anchor) => anchor.validFromDate <= now && now <= anchor.validToDate)) {
    problems.push(`  ${variable}: no certificate in ${file} is valid now`)
  }
  return anchors.map((anchor) => new Uint8Array(anchor.raw))
}

export function ageMethodsConfig(
  e: AgeMethodsEnv,
  context: { production: boolean; demoCheckout: boolean; billingProvider: string; publicUrl: string },
  problems: string[],
  now = new Date(),
): AgeMethodsConfig {
  const file = e.AGE_WALLET_TRUST_ANCHORS
  const wallet = file ? { trustAnchorsFile: file, trustAnchors: readTrustAnchors(file, problems, now), scheme: e.AGE_WALLET_URL_SCHEME } : null
  // OpenID4VP: a wallet posts its answer only to an https response URI (the site's own address).
  if (file && new URL(context.publicUrl).protocol !== 'https:') {
    problems.push(`  AGE_WALLET_TRUST_ANCHORS: wallets answer only to an https address, and PUBLIC_URL is ${context.publicUrl} (serve the site over https)`)
  }
  if (e.AGE_CARD_CHECK && !context.demoCheckout) {
    problems.push(
      context.billingProvider === 'demo'
        ? '  AGE_CARD_CHECK: needs the demo checkout (DEMO_CHECKOUT)'
        : `  AGE_CARD_CHECK: not available with BILLING_PROVIDER=${context.billingProvider}: its card-check interface is not implemented (docs/age-assurance.md, "Verification methods")`,
    )
  }
  return {
    wallet,
    oidc: jsonList('AGE_OIDC_PROVIDERS', e.AGE_OIDC_PROVIDERS, oidcList(context.production), problems),
    sessionApi: jsonList('AGE_SESSION_API_PROVIDERS', e.AGE_SESSION_API_PROVIDERS, sessionApiList(context.production), problems),
    card: e.AGE_CARD_CHECK ?? context.demoCheckout,
  }
}

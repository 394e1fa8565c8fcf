import crypto from 'node:crypto'
import path from 'node:path'
import { z } from 'zod'

/**
 * Every environment variable the product reads, parsed once. A bad value fails start-up
 * with an error that names the variable.
 */
const bool = z.stringbool({ truthy: ['1', 'true', 'yes', 'on'], falsy: ['0', 'false', 'no', 'off', ''] })

/** A port; an empty value counts as unset. */
const port = z.preprocess((value) => (value === '' ? undefined : value), z.coerce.number().int().min(0).max(65535).optional())

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** The address visitors use; links in mails and the report form's URL check use it. */
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Unset: an embedded PostgreSQL is started with its data under DATA_DIR. */
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  DATA_DIR: z.string().min(1).default('.data'),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).default(54320),
  MEDIA_DIR: z.string().min(1).optional(),
  INGEST_DIR: z.string().min(1).optional(),
  /** Signs sessions' derived values and media URLs. At least 32 characters. */
  APP_SECRET: z.string().min(32, 'must be at least 32 characters'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: bool.default(false),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().min(3).default('Streamclub <no-reply@streamclub.localhost>'),
  SUPPORT_EMAIL: z.email().default('support@streamclub.localhost'),
  SIGNUP_ENABLED: bool.default(true),
  FFMPEG_PATH: z.string().min(1).optional(),
  FFPROBE_PATH: z.string().min(1).optional(),
  BILLING_SUPPORT_URL: z.url().default('https://billing-support.example.com'),
  WEBMASTER_URL: z.url().default('https://partners.example.com'),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(2),
  /** The billing processor's page where a member changes the payment method (subscriptions.update). */
  BILLING_UPDATE_URL: z.url({ protocol: /^https?$/ }).default('https://billing-support.example.com/subscriptions/update'),
  /** Login, sign-up, forgot-password and resend-verification attempts allowed per window. */
  RATE_LIMIT_WINDOW_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).max(100_000).default(30),
  RATE_LIMIT_PER_ACCOUNT: z.coerce.number().int().min(1).max(1000).default(5),
  /** How long a server keeps a public catalog answer (ms); 0 turns the cache off. */
  CATALOG_CACHE_TTL_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  /** A drop in INGEST_DIR is taken once it has not changed for this long. */
  INGEST_SETTLE_SECONDS: z.coerce.number().min(0).max(3600).default(5),
  /** The billing processor's payment form; the join link forwards there. Unset: the demo checkout. */
  BILLING_JOIN_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Shared secret of the processor's signed webhooks (HMAC-SHA256). Required with BILLING_JOIN_URL. */
  BILLING_WEBHOOK_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** The local demo checkout; on by default outside production when no processor is configured. */
  BILLING_DEMO_CHECKOUT: bool.optional(),
  /** How long a signed members-only media URL stays valid (seconds; segments add the video's length). */
  MEDIA_URL_TTL_SECONDS: z.coerce.number().int().min(30).max(86_400).default(600),
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
})

export interface Config {
  env: 'development' | 'production' | 'test'
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
  mailFrom: string
  supportEmail: string
  signupEnabled: boolean
  ffmpegPath: string | undefined
  ffprobePath: string | undefined
  billingSupportUrl: string
  webmasterUrl: string
  workerConcurrency: number
  catalogCacheTtlMs: number
  ingestSettleSeconds: number
  clientDir: string
  billingUpdateUrl: string
  rateLimit: { windowMs: number; perIp: number; perAccount: number }
  billing: BillingConfig
  /** Lifetime of signed members-only media URLs, in seconds. */
  mediaUrlTtlSeconds: number
  /** Prometheus endpoints: null port = off. */
  metrics: { host: string; serverPort: number | null; workerPort: number | null }
  shutdown: ShutdownConfig
  backup: BackupConfig
}

export interface ShutdownConfig {
  /** Readiness says 503 this long before the server stops accepting (ms). */
  delayMs: number
  /** Requests in flight get this long to finish (ms). */
  timeoutMs: number
  /** Running jobs get this long before they are aborted and handed back (ms). */
  workerTimeoutMs: number
}

export interface BackupConfig {
  dir: string
  /** Crontab fields (UTC), or null: no scheduled backup. */
  schedule: string | null
  keep: number
  media: boolean
}

export interface BillingConfig {
  /** The processor's payment form, or null: no processor configured. */
  joinUrl: string | null
  /**
   * Signs and verifies webhooks: BILLING_WEBHOOK_SECRET, or without a processor one derived
   * from APP_SECRET (the demo checkout signs with it).
   */
  webhookSecret: string
  /** The local demo checkout stands in for the processor (never together with joinUrl). */
  demoCheckout: boolean
}

function billingConfig(e: z.infer<typeof envSchema>): BillingConfig {
  const problems: string[] = []
  if (e.BILLING_JOIN_URL && !e.BILLING_WEBHOOK_SECRET) problems.push('  BILLING_WEBHOOK_SECRET: required when BILLING_JOIN_URL is set')
  if (e.BILLING_JOIN_URL && e.BILLING_DEMO_CHECKOUT) problems.push('  BILLING_DEMO_CHECKOUT: cannot be on while BILLING_JOIN_URL is set')
  if (problems.length) throw new ConfigError(`Invalid environment variable${problems.length > 1 ? 's' : ''}:\n${problems.join('\n')}`)
  return {
    joinUrl: e.BILLING_JOIN_URL ?? null,
    webhookSecret: e.BILLING_WEBHOOK_SECRET ?? crypto.createHmac('sha256', e.APP_SECRET).update('streamclub:billing-webhook').digest('hex'),
    demoCheckout: !e.BILLING_JOIN_URL && (e.BILLING_DEMO_CHECKOUT ?? e.NODE_ENV !== 'production'),
  }
}

export class ConfigError extends Error {
  override name = 'ConfigError'
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)
    throw new ConfigError(`Invalid environment variable${lines.length > 1 ? 's' : ''}:\n${lines.join('\n')}`)
  }
  const e = parsed.data
  const dataDir = path.resolve(e.DATA_DIR)
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    databaseUrl: e.DATABASE_URL,
    dataDir,
    embeddedPgPort: e.EMBEDDED_PG_PORT,
    mediaDir: path.resolve(e.MEDIA_DIR ?? path.join(dataDir, 'media')),
    ingestDir: path.resolve(e.INGEST_DIR ?? path.join(dataDir, 'ingest')),
    appSecret: e.APP_SECRET,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL,
    signupEnabled: e.SIGNUP_ENABLED,
    ffmpegPath: e.FFMPEG_PATH,
    ffprobePath: e.FFPROBE_PATH,
    billingSupportUrl: e.BILLING_SUPPORT_URL,
    webmasterUrl: e.WEBMASTER_URL,
    workerConcurrency: e.WORKER_CONCURRENCY,
    catalogCacheTtlMs: e.CATALOG_CACHE_TTL_MS,
    ingestSettleSeconds: e.INGEST_SETTLE_SECONDS,
    clientDir: path.resolve('dist/client'),
    billingUpdateUrl: e.BILLING_UPDATE_URL,
    rateLimit: { windowMs: e.RATE_LIMIT_WINDOW_MINUTES * 60_000, perIp: e.RATE_LIMIT_PER_IP, perAccount: e.RATE_LIMIT_PER_ACCOUNT },
    billing: billingConfig(e),
    mediaUrlTtlSeconds: e.MEDIA_URL_TTL_SECONDS,
    metrics: { host: e.METRICS_HOST, serverPort: e.METRICS_PORT ?? null, workerPort: e.WORKER_METRICS_PORT ?? null },
    shutdown: {
      // Behind a load balancer (production) the balancer needs a few seconds to see the 503.
      delayMs: (e.SHUTDOWN_DELAY_SECONDS ?? (e.NODE_ENV === 'production' ? 5 : 0)) * 1000,
      timeoutMs: e.SHUTDOWN_TIMEOUT_SECONDS * 1000,
      workerTimeoutMs: e.WORKER_SHUTDOWN_TIMEOUT_SECONDS * 1000,
    },
    backup: {
      dir: path.resolve(e.BACKUP_DIR ?? path.join(dataDir, 'backups')),
      schedule: e.BACKUP_SCHEDULE === 'off' ? null : e.BACKUP_SCHEDULE,
      keep: e.BACKUP_KEEP,
      media: e.BACKUP_MEDIA,
    },
  }
}

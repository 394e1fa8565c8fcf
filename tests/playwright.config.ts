import fs from 'node:fs'
import path from 'node:path'
import { defineConfig, devices } from '@playwright/test'

const root = path.resolve(import.meta.dirname, '..')
const port = Number(process.env.E2E_PORT ?? 3100)
const baseURL = `http://localhost:${port}`
const pgPort = Number(process.env.E2E_PG_PORT ?? 54340)
// The second server: MEDIA_STORE=s3 against a local S3-compatible server (scripts/e2e-server.ts).
const s3Port = Number(process.env.E2E_S3_PORT ?? port + 1)
const s3BaseURL = `http://localhost:${s3Port}`
const s3PgPort = Number(process.env.E2E_S3_PG_PORT ?? pgPort + 1)
const s3Use = { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 900 }, baseURL: s3BaseURL }
// The tour (every visitor of a `blur` jurisdiction, unverified): a server on the local one's database and media (scripts/e2e-tour-server.ts).
const tourPort = Number(process.env.E2E_TOUR_PORT ?? port + 2)
const tourBaseURL = `http://localhost:${tourPort}`

/**
 * Browser tests against the built app, started as `npm start` starts it (fresh data folder,
 * own ports). Every spec runs on the local media store (project chromium); the media path
 * (playback, downloads and the zip, the seeded posters and clips, an upload through the
 * console) runs a second time on S3 (project chromium-s3, its own server). Chromium: CHROMIUM_PATH, else Debian's /usr/bin/chromium when present, else
 * Playwright's own browser.
 */
const chromiumPath = process.env.CHROMIUM_PATH ?? (fs.existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined)

const desktop = { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 900 } }
/** The browser tests that change the catalog through the console. */
const CONSOLE_SPECS = ['admin.spec.ts', 'admin-editors.spec.ts', 'admin-inbox.spec.ts', 'admin-upload.spec.ts']

export default defineConfig({
  testDir: path.join(root, 'tests/e2e'),
  outputDir: path.join(root, 'test-results'),
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: chromiumPath
      ? {
          executablePath: chromiumPath,
          args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
        }
      : {},
  },
  projects: [
    { name: 'chromium', testIgnore: [...CONSOLE_SPECS, 'tour.spec.ts'], use: desktop, metadata: { pgPort } },
    // The same catalog as the tour shows it: before the console's tests change it.
    { name: 'chromium-tour', testMatch: 'tour.spec.ts', use: { ...desktop, baseURL: tourBaseURL }, metadata: { pgPort, openBaseURL: baseURL } },
    // After those: the console's tests change the catalog (an upload is the newest video while it
    // runs, "publish now" makes a video the newest, models change), which the others would pick
    // as a seeded item.
    { name: 'chromium-console', testMatch: CONSOLE_SPECS, dependencies: ['chromium', 'chromium-tour'], use: desktop, metadata: { pgPort } },
    { name: 'chromium-s3', testMatch: ['playback.spec.ts', 'media.spec.ts'], use: { ...s3Use }, metadata: { pgPort: s3PgPort } },
    // After those: the upload is the newest video while it runs, which they would pick as the first item.
    {
      name: 'chromium-s3-upload',
      testMatch: 'admin.spec.ts',
      grep: /uploads a video by the dropzone/,
      dependencies: ['chromium-s3'],
      use: { ...s3Use },
      metadata: { pgPort: s3PgPort },
    },
  ],
  webServer: [
    e2eServer({ port, pgPort, dataDir: '.data/e2e' }),
    e2eServer({ port: s3Port, pgPort: s3PgPort, dataDir: '.data/e2e-s3', env: { E2E_MEDIA_STORE: 's3' } }),
    // Started after the local server is up (Playwright starts its web servers one after another).
    {
      command: 'node --import tsx scripts/e2e-tour-server.ts',
      cwd: root,
      url: `${tourBaseURL}/readyz`,
      timeout: 60_000,
      reuseExistingServer: false,
      gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 10_000 },
      stdout: 'ignore' as const,
      stderr: 'pipe' as const,
      env: {
        PORT: String(tourPort),
        DATA_DIR: '.data/e2e',
        E2E_PG_PORT: String(pgPort),
        LOG_LEVEL: 'warn',
        PUBLIC_URL: tourBaseURL,
        RATE_LIMIT_PER_IP: '10000',
      },
    },
  ],
})

function e2eServer({ port, pgPort, dataDir, env = {} }: { port: number; pgPort: number; dataDir: string; env?: Record<string, string> }) {
  const url = `http://localhost:${port}`
  return {
    command: 'node --import tsx scripts/e2e-server.ts',
    cwd: root,
    url: `${url}/readyz`,
    // Seeding runs the demo media through the pipeline: minutes on a busy machine (E2E_SERVER_TIMEOUT_SECONDS).
    timeout: Number(process.env.E2E_SERVER_TIMEOUT_SECONDS ?? 600) * 1000,
    reuseExistingServer: false,
    gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 20_000 },
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(pgPort),
      LOG_LEVEL: 'warn',
      PUBLIC_URL: url,
      // Every browser test comes from 127.0.0.1; the per-account limits stay at their defaults.
      RATE_LIMIT_PER_IP: '10000',
      // The visitor's place from a CDN header (tests/e2e/age.spec.ts); without one, loopback
      // visitors have no jurisdiction and get today's site.
      TRUST_PROXY: 'true',
      // The console's age counters are stored every second (tests/e2e/age-console.spec.ts waits for them).
      AGE_STATS_FLUSH_SECONDS: '1',
      ...env,
    },
  }
}

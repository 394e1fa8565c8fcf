import fs from 'node:fs'
import path from 'node:path'
import { defineConfig, devices } from '@playwright/test'

const root = path.resolve(import.meta.dirname, '..')
const port = Number(process.env.E2E_PORT ?? 3100)
const baseURL = `http://localhost:${port}`

/**
 * Browser tests against the built app, started as `npm start` starts it (fresh data folder,
 * own ports). Chromium: CHROMIUM_PATH, else Debian's /usr/bin/chromium when present, else
 * Playwright's own browser.
 */
const chromiumPath = process.env.CHROMIUM_PATH ?? (fs.existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined)

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
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 900 } } }],
  webServer: {
    command: 'node --import tsx scripts/e2e-server.ts',
    cwd: root,
    url: `${baseURL}/readyz`,
    // Seeding runs the demo media through the pipeline: minutes on a busy machine (E2E_SERVER_TIMEOUT_SECONDS).
    timeout: Number(process.env.E2E_SERVER_TIMEOUT_SECONDS ?? 600) * 1000,
    reuseExistingServer: false,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      DATA_DIR: '.data/e2e',
      EMBEDDED_PG_PORT: String(Number(process.env.E2E_PG_PORT ?? 54340)),
      LOG_LEVEL: 'warn',
      PUBLIC_URL: baseURL,
      // Every browser test comes from 127.0.0.1; the per-account limits stay at their defaults.
      RATE_LIMIT_PER_IP: '10000',
    },
  },
})

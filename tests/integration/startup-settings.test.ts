import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'

/**
 * A deployment (a public PUBLIC_URL) that forgot a setting does not start: the server and the
 * worker end with exit code 1 and one line per missing setting, before they touch the
 * database (DATABASE_URL points at a port where nothing listens) or write a secret.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'streamclub-startup-'))
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }))

const APP_SECRET_LINE = '  APP_SECRET: required when PUBLIC_URL is not a localhost address (at least 32 characters, the same on every server and worker)'
const BILLING_LINE = '  BILLING_PROVIDER: required when PUBLIC_URL is not a localhost address (ccbill, verotel or segpay; demo takes no real payments)'

async function start(entry: 'server/main.ts' | 'worker/main.ts', env: Record<string, string>) {
  const run = promisify(execFile)(process.execPath, ['--import', 'tsx', entry], {
    // Only what is given: none of the test run's own variables.
    env: {
      PATH: process.env.PATH!,
      HOME: process.env.HOME!,
      DATA_DIR: dataDir,
      DATABASE_URL: 'postgres://streamclub@127.0.0.1:9/streamclub',
      SMTP_URL: 'smtp://127.0.0.1:2525',
      ...env,
    },
    timeout: 30_000,
  })
  return run.then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
  )
}

describe('start-up on a public address', () => {
  for (const entry of ['server/main.ts', 'worker/main.ts'] as const) {
    it(`${entry} names each missing setting, one line each, and stops before the database`, async () => {
      const nothing = await start(entry, { PUBLIC_URL: 'https://club.example.com' })
      expect(nothing.code).toBe(1)
      expect(nothing.stderr.trim().split('\n')).toEqual(['Invalid environment variables:', APP_SECRET_LINE, BILLING_LINE])
      expect(nothing.stdout).toBe('')

      const noProvider = await start(entry, { PUBLIC_URL: 'https://club.example.com', APP_SECRET: 's'.repeat(40) })
      expect(noProvider.code).toBe(1)
      expect(noProvider.stderr.trim().split('\n')).toEqual(['Invalid environment variable:', BILLING_LINE])

      const demo = await start(entry, { PUBLIC_URL: 'https://club.example.com', APP_SECRET: 's'.repeat(40), BILLING_PROVIDER: 'demo' })
      expect(demo.code).toBe(1)
      expect(demo.stderr.trim().split('\n')).toEqual([
        'Invalid environment variable:',
        '  DEMO_CHECKOUT: must be true for BILLING_PROVIDER=demo when PUBLIC_URL is not a localhost address (a demo site that takes no real payments)',
      ])
      // No secret was made up for the deployment.
      expect(fs.existsSync(path.join(dataDir, 'app-secret'))).toBe(false)
    })
  }
})

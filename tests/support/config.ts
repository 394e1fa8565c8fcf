import { loadConfig, type Config } from '../../core/config.js'

/** A valid configuration for tests, with overrides. */
export function testConfig(overrides: NodeJS.ProcessEnv = {}): Config {
  return loadConfig({
    APP_SECRET: 'test-secret-test-secret-test-secret-0123',
    LOG_LEVEL: 'silent',
    DATA_DIR: '.data/test',
    // The tests' own requests come from loopback: today's site unless a test places them.
    AGE_LOCAL_JURISDICTION: 'none',
    ...overrides,
  })
}

/**
 * What a test app on a public PUBLIC_URL adds: the demo provider chosen on purpose (a public
 * address fails closed without a BILLING_PROVIDER) and no mail outbox.
 */
export const PUBLIC_DEMO_SITE = { BILLING_PROVIDER: 'demo', DEMO_CHECKOUT: 'true', DEV_OUTBOX: 'false' }

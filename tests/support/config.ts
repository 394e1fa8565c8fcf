import { loadConfig, type Config } from '../../core/config.js'

/** A valid configuration for tests, with overrides. */
export function testConfig(overrides: NodeJS.ProcessEnv = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    APP_SECRET: 'test-secret-test-secret-test-secret-0123',
    LOG_LEVEL: 'silent',
    DATA_DIR: '.data/test',
    ...overrides,
  })
}

import type { BillingConfig } from '../../../config.js'
import type { CardCheckProcessor } from '../card-check.js'
import { DemoCardCheck, demoCardCheckSecret } from './demo-card-check.js'

const demos = new WeakMap<BillingConfig, DemoCardCheck>()

/** The demo processor's card check while the demo checkout is on. */
export function demoCardCheck(config: BillingConfig): DemoCardCheck | null {
  if (config.provider !== 'demo' || !config.demoCheckout) return null
  let demo = demos.get(config)
  if (!demo) {
    demo = new DemoCardCheck(demoCardCheckSecret(config))
    demos.set(config, demo)
  }
  return demo
}

/** The configured processor's card check, or null when it has none: only the demo processor has one. */
export function cardCheckProcessor(config: BillingConfig): CardCheckProcessor | null {
  return demoCardCheck(config)
}

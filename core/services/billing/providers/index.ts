import type { BillingConfig } from '../../../config.js'
import type { BillingProvider } from '../provider.js'
import { CcbillProvider } from './ccbill.js'
import { DemoProvider } from './demo.js'
import { SegpayProvider } from './segpay.js'
import { VerotelProvider } from './verotel.js'

const providers = new WeakMap<BillingConfig, BillingProvider>()
const demos = new WeakMap<BillingConfig, DemoProvider>()

/** The configured processor's adapter (BILLING_PROVIDER). */
export function billingProvider(config: BillingConfig): BillingProvider {
  let provider = providers.get(config)
  if (!provider) {
    provider =
      config.provider === 'ccbill'
        ? new CcbillProvider(config, config.ccbill)
        : config.provider === 'verotel'
          ? new VerotelProvider(config, config.verotel)
          : config.provider === 'segpay'
            ? new SegpayProvider(config, config.segpay)
            : demoProvider(config)
    providers.set(config, provider)
  }
  return provider
}

/** The demo adapter, which the demo checkout signs its notifications with. */
export function demoProvider(config: BillingConfig): DemoProvider {
  let demo = demos.get(config)
  if (!demo) {
    demo = new DemoProvider(config)
    demos.set(config, demo)
  }
  return demo
}

export const webhookPath = (providerId: string) => `/billing/webhook/${providerId}`

/**
 * The configured age-verification methods (AGE_* variables, core/age-methods-config.ts), built
 * once at start. Which of them a visitor is offered is the age policy's decision. The wallet's
 * and OpenID Connect's libraries (mdoc, X.509, ASN.1, JOSE) are loaded only when configured:
 * they took about a fifth of the server's start.
 */
import type { Config } from '../../../config.js'
import { cardCheckProcessor } from '../../billing/providers/card-checks.js'
import type { AgeMethod } from '../method.js'
import { CardCheckAgeMethod } from './card.js'
import { MemoryReplayGuard, type ReplayGuard } from './replay-guard.js'
import { SessionApiAgeMethod } from './session-api.js'

export interface AgeMethodDeps {
  /**
   * The local development provider (kind 'dev'), which the age flow builds: listed first when
   * given. It is the age flow's, not configured here.
   */
  devMethod?: AgeMethod | null
  /** Remembers webhook events of session-API providers; default: in this process's memory. */
  replayGuard?: ReplayGuard
  now?: () => Date
}

/** What the EU wallet method is called where the visitor sees it and in the proof. */
const EU_WALLET_PROVIDER = 'EU age verification'

export async function ageMethodsFromConfig(config: Config, deps: AgeMethodDeps = {}): Promise<AgeMethod[]> {
  const { wallet, oidc, sessionApi, card } = config.ageMethods
  const now = deps.now ?? (() => new Date())
  const replayGuard = deps.replayGuard ?? new MemoryReplayGuard()
  const methods: AgeMethod[] = deps.devMethod ? [deps.devMethod] : []
  if (wallet) {
    const { EuWalletMethod } = await import('./eu-wallet.js')
    methods.push(new EuWalletMethod({ provider: EU_WALLET_PROVIDER, trustAnchors: wallet.trustAnchors, scheme: wallet.scheme, now }))
  }
  if (oidc.length) {
    const { OidcAgeMethod } = await import('./oidc.js')
    for (const provider of oidc) methods.push(new OidcAgeMethod(provider))
  }
  for (const provider of sessionApi) methods.push(new SessionApiAgeMethod({ ...provider, replayGuard, now }))
  const processor = card ? cardCheckProcessor(config.billing) : null
  if (processor) methods.push(new CardCheckAgeMethod(processor, now))
  return methods
}

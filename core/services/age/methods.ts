/**
 * The age-verification methods this server offers (adapters behind method.ts's interface),
 * and which of them a rule accepts. The local development provider is offered everywhere when
 * it is on (never in production): it stands in for the certified providers a deployment
 * contracts, as the demo checkout stands in for the payment processor.
 */
import type { Config } from '../../config.js'
import { acceptsMethod, type AgeRule } from '../../domain/age/policy.js'
import type { AgeMethod, AgeMethodInfo } from './method.js'
import { DevAgeMethod } from './methods/dev.js'
import { ageMethodsFromConfig } from './methods/index.js'

export class AgeMethods {
  private readonly byId: Map<string, AgeMethod>

  constructor(readonly list: readonly AgeMethod[]) {
    this.byId = new Map(list.map((method) => [method.id, method]))
    if (this.byId.size !== list.length) throw new Error('two age-verification methods share an id')
  }

  get(id: string): AgeMethod | undefined {
    return this.byId.get(id)
  }

  kindOf(id: string): string | undefined {
    return this.byId.get(id)?.kind
  }

  /** Whether a proof made with the method counts under the rule. */
  accepts(rule: AgeRule, methodId: string): boolean {
    const method = this.byId.get(methodId)
    if (!method) return rule.methods.includes(methodId)
    return method.kind === 'dev' || acceptsMethod(rule, method)
  }

  /** The methods a visitor under the rule may choose, double-anonymous ones first. */
  offeredFor(rule: AgeRule): AgeMethod[] {
    if (rule.outcome === 'open' || rule.outcome === 'block') return []
    const offered = this.list.filter((method) => method.kind === 'dev' || acceptsMethod(rule, method))
    return [...offered.filter((method) => method.doubleAnonymous), ...offered.filter((method) => !method.doubleAnonymous)]
  }

  /** Rules that cannot be satisfied as configured (no method, or no double-anonymous one where required): logged at start. */
  gaps(rules: readonly AgeRule[]): string[] {
    const gaps: string[] = []
    for (const rule of rules) {
      const offered = this.offeredFor(rule)
      if (rule.outcome !== 'blur' && rule.outcome !== 'front') continue
      if (!offered.length) gaps.push(`${rule.id}: no configured method is accepted (${rule.methods.join(', ') || 'none listed'})`)
      else if (rule.doubleAnonymity && !offered.some((method) => method.doubleAnonymous)) gaps.push(`${rule.id}: no double-anonymous method is configured`)
    }
    return gaps
  }
}

/** What the verification page shows of a method. */
export function methodInfo(method: AgeMethodInfo): AgeMethodInfo {
  return { id: method.id, kind: method.kind, provider: method.provider, doubleAnonymous: method.doubleAnonymous }
}

/**
 * The methods the configuration turns on: the development provider first (when on), then the
 * EU wallet, the OpenID Connect and session-API providers and the card check (AGE_* variables).
 */
export async function configuredAgeMethods(config: Config): Promise<AgeMethods> {
  const devMethod = config.age.devProvider ? new DevAgeMethod(config.appSecret) : null
  return new AgeMethods(await ageMethodsFromConfig(config, { devMethod }))
}

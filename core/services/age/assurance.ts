/**
 * The age-assurance parts of one server process, built from the configuration: the visitor
 * locator, the configured methods, the proof store, and the resolver every request goes
 * through (docs/age-assurance.md).
 */
import type { Config } from '../../config.js'
import type { Orm } from '../../db/orm.js'
import { regionCountries } from '../../domain/age/policy.js'
import type { FlowDeps } from './checks.js'
import { VisitorLocator } from './locate.js'
import { configuredAgeMethods, type AgeMethods } from './methods.js'
import { ProofStore } from './proofs.js'
import { AgeAccessResolver } from './resolver.js'
import { AgeStats } from './stats.js'

export interface AgeAssurance {
  locator: VisitorLocator
  resolver: AgeAccessResolver
  methods: AgeMethods
  proofs: ProofStore
  /** What the check flow needs (checks.ts). */
  flow: FlowDeps
  /** The console's counters of this process (stats.ts). */
  stats: AgeStats
}

export interface AgeAssuranceDeps {
  orm: Pick<Orm, 'em'>
  onError: (error: unknown) => void
  /** How long a looked-up proof answer is reused (ms). */
  proofCacheMs?: number
}

export async function createAgeAssurance(config: Config, { orm, onError, proofCacheMs = 5000 }: AgeAssuranceDeps): Promise<AgeAssurance> {
  const { age } = config
  const locator = new VisitorLocator({
    trustProxy: config.trustProxy,
    countryHeaders: age.countryHeaders,
    regionHeaders: age.regionHeaders,
    local: age.local,
    databaseDir: age.geoipDir,
    builtDir: age.builtGeoipDir,
    regionCountries: regionCountries(age.policy),
  })
  const methods = await configuredAgeMethods(config)
  const stats = new AgeStats()
  const proofs = new ProofStore({ em: () => orm.em.fork(), methods, cacheMs: proofCacheMs, onError })
  return {
    locator,
    methods,
    proofs,
    resolver: new AgeAccessResolver(age.policy, locator, proofs),
    stats,
    flow: { methods, proofs, policy: age.policy, onError, count: (methodId, event) => stats.countCheck(methodId, event) },
  }
}

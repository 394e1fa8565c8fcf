/**
 * node build/cli/age-locate.js <ip> [<ip> …]   (npm run age:locate -- <ip> …)
 * Where the age policy places each address, and the rule it applies there: the same lookup
 * and policy the server uses (AGE_POLICY_FILE, AGE_GEOIP_DIR or the built DB-IP data), for an
 * operator answering "why was this visitor asked for a proof?". One line per address:
 *   69.76.144.0  US US-TX  ip-database  rule us-verify (verify)
 * Proxy headers are not read (a bare address has none). Exit code 2 on a missing argument or
 * an address that is not one.
 */
import net from 'node:net'
import { prepareEnvironment } from '../core/bootstrap.js'
import { ConfigError, loadConfig } from '../core/config.js'
import { regionCountries } from '../core/domain/age/policy.js'
import { VisitorLocator } from '../core/services/age/locate.js'
import { AgeAccessResolver } from '../core/services/age/resolver.js'

const addresses = process.argv.slice(2)
const invalid = addresses.filter((ip) => net.isIP(ip) === 0)
if (!addresses.length || invalid.length) {
  console.error(invalid.length ? `Not an IP address: ${invalid.join(', ')}` : 'Usage: npm run age:locate -- <ip> [<ip> …]')
  process.exit(2)
}

prepareEnvironment()
let age
try {
  age = loadConfig().age
} catch (error) {
  if (!(error instanceof ConfigError)) throw error
  console.error(error.message)
  process.exit(1)
}

const locator = new VisitorLocator({
  trustProxy: false,
  countryHeaders: [],
  regionHeaders: [],
  local: age.local,
  databaseDir: age.geoipDir,
  builtDir: age.builtGeoipDir,
  regionCountries: regionCountries(age.policy),
})
const resolver = new AgeAccessResolver(age.policy, locator)
for (const ip of addresses) {
  const where = await locator.locate(ip, {})
  const rule = resolver.ruleOf(where)
  const place = [where.country ?? '-', where.region ?? ''].join(' ').trim()
  console.log(`${ip}  ${place}  ${where.source}  rule ${rule.id} (${rule.outcome})`)
}
console.log(`data: ${locator.filesRead().join(' ') || 'none read'}`)

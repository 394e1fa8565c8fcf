import { describe, expect, it } from 'vitest'
import { DEFAULT_AGE_POLICY } from '../../core/domain/age/default-policy.js'
import { regionCountries } from '../../core/domain/age/policy.js'
import { jurisdictionFromHeaders, plainAddress, VisitorLocator, type LocatorOptions } from '../../core/services/age/locate.js'
import { AgeAccessResolver } from '../../core/services/age/resolver.js'

const CDN = { countryHeaders: ['cf-ipcountry', 'cloudfront-viewer-country'], regionHeaders: ['cf-region-code', 'cloudfront-viewer-country-region'] }
const options = (over: Partial<LocatorOptions> = {}): LocatorOptions => ({
  trustProxy: false,
  ...CDN,
  local: { kind: 'none' },
  databaseDir: null,
  builtDir: null,
  regionCountries: regionCountries(DEFAULT_AGE_POLICY),
  ...over,
})

describe('the visitor locator', () => {
  it('places public addresses with the bundled DB-IP databases, US states included, for IPv4 and IPv6', async () => {
    const locator = new VisitorLocator(options())
    expect(locator.loaded()).toEqual({ country: false, cityIpv4: false, cityIpv6: false })
    expect(await locator.locate('217.160.0.1', {})).toEqual({ country: 'DE', region: null, source: 'ip-database' })
    // Only the country database for a European visitor.
    expect(locator.loaded()).toEqual({ country: true, cityIpv4: false, cityIpv6: false })
    expect(await locator.locate('212.27.48.10', {})).toMatchObject({ country: 'FR' })
    expect(await locator.locate('::ffff:212.27.48.10', {})).toMatchObject({ country: 'FR' })
    expect(await locator.locate('69.76.144.0', {})).toEqual({ country: 'US', region: 'US-TX', source: 'ip-database' })
    expect(locator.loaded()).toEqual({ country: true, cityIpv4: true, cityIpv6: false })
    expect(await locator.locate('8.8.8.8', {})).toEqual({ country: 'US', region: 'US-CA', source: 'ip-database' })
    expect(await locator.locate('2600:1700::1', {})).toEqual({ country: 'US', region: 'US-MI', source: 'ip-database' })
    expect(await locator.locate('2001:41d0::1', {})).toMatchObject({ country: 'FR', region: null })
    // Once loaded, answers come without waiting.
    expect(locator.locate('217.160.0.1', {})).toEqual({ country: 'DE', region: null, source: 'ip-database' })
  })

  it('takes loopback and private addresses to be the configured local jurisdiction', () => {
    for (const ip of ['127.0.0.1', '::1', '10.1.2.3', '192.168.0.9', '172.20.0.1', 'fd00::1', '::ffff:127.0.0.1']) {
      expect(new VisitorLocator(options()).locate(ip, {}), ip).toEqual({ country: null, region: null, source: 'local' })
    }
    expect(new VisitorLocator(options({ local: { kind: 'unknown' } })).locate('10.0.0.1', {})).toEqual({ country: null, region: null, source: 'unknown' })
    expect(new VisitorLocator(options({ local: { kind: 'place', country: 'FR', region: null } })).locate('127.0.0.1', {})).toEqual({
      country: 'FR',
      region: null,
      source: 'local',
    })
  })

  it('reads the CDN headers only behind a trusted proxy', async () => {
    const headers = { 'cf-ipcountry': 'it' }
    expect(new VisitorLocator(options()).locate('127.0.0.1', headers)).toMatchObject({ country: null, source: 'local' })
    const trusted = new VisitorLocator(options({ trustProxy: true }))
    expect(trusted.locate('127.0.0.1', headers)).toEqual({ country: 'IT', region: null, source: 'header' })
    expect(trusted.locate('127.0.0.1', { 'cloudfront-viewer-country': 'US', 'cloudfront-viewer-country-region': 'TX' })).toEqual({
      country: 'US',
      region: 'US-TX',
      source: 'header',
    })
    expect(trusted.locate('127.0.0.1', { 'cf-ipcountry': 'US', 'cf-region-code': 'US-UT' })).toEqual({ country: 'US', region: 'US-UT', source: 'header' })
    // A US visitor without a region header: the city database, when the address is public.
    expect(await trusted.locate('69.76.144.0', { 'cf-ipcountry': 'US' })).toEqual({ country: 'US', region: 'US-TX', source: 'header' })
    expect(trusted.locate('127.0.0.1', { 'cf-ipcountry': 'US' })).toEqual({ country: 'US', region: null, source: 'header' })
    // Tor: a place nobody knows. XX: the CDN does not know, the database may.
    expect(trusted.locate('127.0.0.1', { 'cf-ipcountry': 'T1' })).toEqual({ country: null, region: null, source: 'header' })
    expect(await trusted.locate('217.160.0.1', { 'cf-ipcountry': 'XX' })).toMatchObject({ country: 'DE', source: 'ip-database' })
  })

  it('parses header values strictly', () => {
    const read = (headers: Record<string, string>) => jurisdictionFromHeaders(headers, CDN.countryHeaders, CDN.regionHeaders)
    expect(read({})).toBeNull()
    expect(read({ 'cf-ipcountry': 'France' })).toEqual({ country: null, region: null, source: 'header' })
    expect(read({ 'cf-ipcountry': 'US', 'cf-region-code': '<script>' })).toEqual({ country: 'US', region: null, source: 'header' })
    expect(plainAddress('::ffff:10.0.0.1')).toEqual({ address: '10.0.0.1', family: 4 })
    expect(plainAddress('not an address').family).toBe(0)
  })
})

describe('the age access resolver', () => {
  it('decides per request from the place and the policy', async () => {
    const resolver = new AgeAccessResolver(DEFAULT_AGE_POLICY, new VisitorLocator(options({ trustProxy: true })))
    expect(resolver.resolve('127.0.0.1', {}, {})).toMatchObject({ outcome: 'open', explicitAllowed: true, rule: 'local' })
    expect(resolver.resolve('127.0.0.1', { 'cf-ipcountry': 'FR' }, {})).toMatchObject({ outcome: 'blur', explicitAllowed: false, verified: false, rule: 'fr' })
    expect(resolver.resolve('127.0.0.1', { 'cf-ipcountry': 'GB' }, {})).toMatchObject({ outcome: 'front', rule: 'gb' })
    expect(resolver.resolve('127.0.0.1', { 'cf-ipcountry': 'NL' }, {})).toMatchObject({ outcome: 'open', rule: 'elsewhere' })
    expect(resolver.resolve('127.0.0.1', { 'cf-ipcountry': 'T1' }, {})).toMatchObject({ outcome: 'front', rule: 'gb' })
    expect(await resolver.resolve('69.76.144.0', {}, {})).toMatchObject({ outcome: 'front', rule: 'us-av-states', jurisdiction: { region: 'US-TX' } })
  })
})

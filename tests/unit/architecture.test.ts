import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    return entry.isDirectory() ? files(full) : /\.(ts|tsx)$/.test(entry.name) ? [full] : []
  })
}

describe('the client', () => {
  it("imports from server/ only pure domain rules and the router's type (API shapes come from src/lib/api-types.ts)", () => {
    const offending: string[] = []
    for (const file of files('src')) {
      const source = fs.readFileSync(file, 'utf8')
      for (const match of source.matchAll(/^import\s+(type\s+)?[^'"]*from\s+['"]([^'"]+)['"]/gm)) {
        const [, typeOnly, specifier] = match
        // The app's server/ folder (packages such as @trpc/server are not it).
        if (!specifier!.startsWith('.') || !specifier!.includes('/server/')) continue
        const allowed = specifier!.includes('/server/domain/') || (typeOnly && specifier!.endsWith('/server/trpc/root.js'))
        if (!allowed) offending.push(`${file}: ${specifier}`)
      }
    }
    expect(offending).toEqual([])
  })

  it('gets domain modules that do no I/O', () => {
    for (const file of files('server/domain')) {
      const source = fs.readFileSync(file, 'utf8')
      expect(source, file).not.toMatch(/from ['"](node:|@mikro-orm|fastify|pg['"]|\.\.\/(db|services|http|trpc)\/)/)
    }
  })
})

describe('the use cases (server/services)', () => {
  it('know no transport: nothing from server/trpc, server/http, tRPC or Fastify (their errors are the domain AppError; the request reaches them as plain data)', () => {
    const offending: string[] = []
    for (const file of files('server/services')) {
      const source = fs.readFileSync(file, 'utf8')
      for (const match of source.matchAll(/^import\s+[^'"]*from\s+['"]([^'"]+)['"]/gm)) {
        if (/\/(trpc|http)\//.test(match[1]!) || /^(@trpc\/|fastify$|@fastify\/)/.test(match[1]!)) offending.push(`${file}: ${match[1]}`)
      }
    }
    expect(offending).toEqual([])
  })
})

describe('input schemas', () => {
  it('build every string with text(), which refuses what PostgreSQL cannot store', () => {
    const offending: string[] = []
    for (const file of [...files('server/domain/schemas'), ...files('server/trpc')]) {
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

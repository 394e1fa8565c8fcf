import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * The README and docs/*.md: every relative link to a markdown file or an image points at a
 * file that exists, and every anchor (#…) names a heading of its target. Links to source
 * files are not checked (sources are written as inline code, not linked). The README stays a
 * short entry point: at most 250 lines and no dated measurements (those live in
 * docs/benchmarks.md, and old ones in the commit log).
 */

const root = path.resolve(import.meta.dirname, '../..')
const README_MAX_LINES = 250
const IMAGE = /\.(png|jpe?g|gif|svg|webp)$/i

function docFiles(): string[] {
  const walk = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name)
      return entry.isDirectory() ? walk(full) : entry.name.endsWith('.md') ? [full] : []
    })
  return ['README.md', ...walk(path.join(root, 'docs')).map((file) => path.relative(root, file))].sort()
}

function read(file: string): string {
  return fs.readFileSync(path.join(root, file), 'utf8')
}

/** The lines of a markdown text with fenced code blocks blanked out (their line numbers kept). */
function proseLines(text: string): string[] {
  let fence: string | null = null
  return text.split('\n').map((line) => {
    const marker = /^\s*(```+|~~~+)/.exec(line)?.[1]
    if (fence) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length) fence = null
      return ''
    }
    if (marker) {
      fence = marker
      return ''
    }
    return line
  })
}

/** GitHub's heading anchor: lower case, punctuation other than '-' and '_' dropped, each space a '-'. */
function slug(heading: string): string {
  const text = heading
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1') // images: their alt text
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1') // links: their text
    .replace(/<[^>]+>/g, '') // inline HTML tags
    .replace(/[`*]/g, '') // code and emphasis marks
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-')
}

/** Every anchor a file offers: its headings' slugs (repeats numbered as GitHub does) and explicit ids. */
function anchorsOf(file: string): Set<string> {
  const anchors = new Set<string>()
  const seen = new Map<string, number>()
  for (const line of proseLines(read(file))) {
    const heading = /^ {0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1]
    if (heading !== undefined) {
      const base = slug(heading)
      const count = seen.get(base) ?? 0
      seen.set(base, count + 1)
      anchors.add(count ? `${base}-${count}` : base)
    }
    for (const match of line.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(match[1]!)
  }
  return anchors
}

interface Link {
  file: string
  line: number
  text: string
  target: string
}

/** Relative links of a markdown file: [text](target), ![alt](target), <img src>, <a href>; not in code. */
function linksOf(file: string): Link[] {
  const links: Link[] = []
  proseLines(read(file)).forEach((raw, index) => {
    const line = raw.replace(/`[^`]*`/g, (code) => ' '.repeat(code.length)) // inline code is not a link
    const found: Array<[string, string]> = []
    for (const match of line.matchAll(/!?\[([^\]]*)\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) found.push([match[0], match[2]!])
    for (const match of line.matchAll(/<(?:img|a)\s[^>]*?(?:src|href)="([^"]+)"[^>]*>/g)) found.push([match[0], match[1]!])
    for (const [text, target] of found) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) continue // http:, mailto: …
      links.push({ file, line: index + 1, text, target })
    }
  })
  return links
}

/** Why a link is broken, or null when it is fine. */
function problemOf(link: Link): string | null {
  const [rawPath = '', anchor] = link.target.split('#', 2)
  const targetPath = decodeURIComponent(rawPath)
  const targetFile = targetPath ? path.relative(root, path.resolve(path.dirname(path.join(root, link.file)), targetPath)) : link.file
  const isMarkdown = targetFile.endsWith('.md')
  if (!isMarkdown && !IMAGE.test(targetFile)) return null // a source file or folder: not checked here
  if (targetFile.startsWith('..') || !fs.existsSync(path.join(root, targetFile))) return `${targetFile} does not exist`
  if (anchor === undefined) return null
  if (!isMarkdown) return `an anchor on ${targetFile}, which is not markdown`
  const anchors = anchorsOf(targetFile)
  if (!anchors.has(anchor)) return `${targetFile} has no heading with the anchor #${anchor}`
  return null
}

describe('the docs', () => {
  const files = docFiles()

  it('are the README and at least one file under docs/', () => {
    expect(files).toContain('README.md')
    expect(files.some((file) => file.startsWith('docs/'))).toBe(true)
  })

  it.each(files)('%s: every relative link to a doc or an image and every anchor resolves', (file) => {
    const broken = linksOf(file).flatMap((link) => {
      const problem = problemOf(link)
      return problem ? [`${link.file}:${link.line}: ${link.text} → ${problem}`] : []
    })
    expect(broken, `broken links:\n${broken.join('\n')}`).toEqual([])
  })

  it('are all reachable from the README', () => {
    const linked = new Set(
      linksOf('README.md')
        .map((link) => path.normalize(decodeURIComponent(link.target.split('#')[0]!)))
        .filter((target) => target.endsWith('.md')),
    )
    const unlinked = files.filter((file) => file !== 'README.md' && !linked.has(file))
    expect(unlinked, `docs the README does not link to:\n${unlinked.join('\n')}`).toEqual([])
  })
})

/** Every file of the code folders whose messages and comments may point into the docs. */
function codeFiles(): string[] {
  const walk = (dir: string): string[] =>
    fs.existsSync(dir)
      ? fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
          const full = path.join(dir, entry.name)
          return entry.isDirectory() ? walk(full) : /\.(ts|tsx|json|cjs|sh)$/.test(entry.name) ? [full] : []
        })
      : []
  return ['core', 'server', 'worker', 'cli', 'scripts', 'src', 'tests', 'ops', '.ci'].flatMap((dir) => walk(path.join(root, dir)))
}

describe('pointers from the code into the docs', () => {
  it('name a doc that exists, and a heading of it (docs/x.md, "Heading")', () => {
    const broken: string[] = []
    let found = 0
    for (const file of codeFiles()) {
      if (file === import.meta.filename) continue
      const text = fs.readFileSync(file, 'utf8')
      for (const match of text.matchAll(/docs\/([\w-]+\.md)(?:,\s*\\?"([^"\\]+)\\?")?/g)) {
        found++
        const doc = `docs/${match[1]}`
        const where = path.relative(root, file)
        if (!fs.existsSync(path.join(root, doc))) broken.push(`${where}: ${doc} does not exist`)
        else if (match[2] && !anchorsOf(doc).has(slug(match[2]))) broken.push(`${where}: ${doc} has no heading "${match[2]}"`)
      }
    }
    expect(found, 'the code names no doc at all: is the pattern still right?').toBeGreaterThan(0)
    expect(broken, `pointers to missing docs or headings:\n${broken.join('\n')}`).toEqual([])
  })
})

describe('the README', () => {
  const text = read('README.md')
  const lines = text.endsWith('\n') ? text.slice(0, -1).split('\n') : text.split('\n')

  it(`has at most ${README_MAX_LINES} lines`, () => {
    expect(lines.length, `README.md has ${lines.length} lines; move detail into docs/`).toBeLessThanOrEqual(README_MAX_LINES)
  })

  it('holds no dated measurements (the latest results are in docs/benchmarks.md)', () => {
    const dated = lines.flatMap((line, index) => (/\b\d{4}-\d{2}-\d{2}\b/.test(line) ? [`README.md:${index + 1}: ${line.trim()}`] : []))
    expect(dated, `dated entries in the README:\n${dated.join('\n')}`).toEqual([])
  })
})

describe('the heading anchors', () => {
  it('follow GitHub: lower case, punctuation dropped except - and _, spaces to -', () => {
    expect(slug('When PostgreSQL goes away')).toBe('when-postgresql-goes-away')
    expect(slug('Page weight (`npm run bench:bundle`)')).toBe('page-weight-npm-run-benchbundle')
    expect(slug('External PostgreSQL (`DATABASE_URL`)')).toBe('external-postgresql-database_url')
    expect(slug('Playback, protected media & downloads')).toBe('playback-protected-media--downloads')
    expect(slug('[Billing](docs/billing.md) and **more**')).toBe('billing-and-more')
  })
})

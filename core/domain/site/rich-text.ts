/**
 * Rich text of the legal pages in the delta style (spec section 3): a list of operations,
 * each inserting text with inline attributes (bold, italic, underline, strike, link); a
 * newline carries the attributes of the line it ends (header, list).
 *
 * `parseRichText` turns the operations into blocks a renderer can draw. Anything it does
 * not know (an embed, an unknown attribute or value, a link that is neither http(s),
 * mailto, tel nor internal:) raises UnknownRichTextElementError (spec section 8).
 */

export interface RichTextOp {
  insert: string
  attributes?: {
    bold?: boolean
    italic?: boolean
    underline?: boolean
    strike?: boolean
    /** http(s), mailto: or tel: address, or `internal:/path` for a page of this site. */
    link?: string
    header?: 1 | 2 | 3
    list?: 'ordered' | 'bullet'
  }
}

export interface RichTextDocument {
  ops: RichTextOp[]
}

export interface RichTextLink {
  href: string
  /** A site path without the language segment, e.g. /contact. */
  internal: boolean
}

export interface RichTextInline {
  text: string
  bold: boolean
  italic: boolean
  underline: boolean
  strike: boolean
  link: RichTextLink | null
}

export type RichTextBlock =
  | { type: 'paragraph'; inlines: RichTextInline[] }
  | { type: 'heading'; level: 1 | 2 | 3; inlines: RichTextInline[] }
  | { type: 'list'; ordered: boolean; items: RichTextInline[][] }

export class UnknownRichTextElementError extends Error {
  override name = 'UnknownRichTextElementError'
  constructor(readonly element: string) {
    super(`Unknown rich-text element: ${element}`)
  }
}

const INLINE_FLAGS = ['bold', 'italic', 'underline', 'strike'] as const
const KNOWN_ATTRIBUTES = new Set<string>([...INLINE_FLAGS, 'link', 'header', 'list'])
const INTERNAL_PREFIX = 'internal:'

function describe(value: unknown): string {
  if (value && typeof value === 'object') return Object.keys(value).join(',') || 'object'
  return typeof value
}

export function parseLink(value: unknown): RichTextLink {
  if (typeof value !== 'string') throw new UnknownRichTextElementError(`link of type ${typeof value}`)
  if (value.startsWith(INTERNAL_PREFIX)) {
    const path = value.slice(INTERNAL_PREFIX.length).trim()
    if (!/^\/?[A-Za-z0-9\-._~/?=&%#]*$/.test(path) || path.startsWith('//')) throw new UnknownRichTextElementError(`internal link ${value}`)
    return { href: path.startsWith('/') ? path : `/${path}`, internal: true }
  }
  if (/^(https?:\/\/|mailto:|tel:)/i.test(value)) return { href: value, internal: false }
  throw new UnknownRichTextElementError(`link ${value.split(':')[0]}:`)
}

/** Site routes outside the language segment (spec section 2, "Unprefixed routes"). */
const UNPREFIXED = /^\/(login|sign-up|verify-email|account|favorites|watch-later)(\/|\?|#|$)/

/** The address of an internal link in a language: /{lang}/path, or the path itself for the unprefixed routes. */
export function internalHref(path: string, lang: string): string {
  if (UNPREFIXED.test(path)) return path
  return path === '/' ? `/${lang}` : `/${lang}${path}`
}

type Attributes = Record<string, unknown>

function checkAttributes(attributes: unknown): Attributes {
  if (attributes === undefined || attributes === null) return {}
  if (typeof attributes !== 'object' || Array.isArray(attributes)) throw new UnknownRichTextElementError(`attributes of type ${typeof attributes}`)
  for (const [key, value] of Object.entries(attributes)) {
    if (!KNOWN_ATTRIBUTES.has(key)) throw new UnknownRichTextElementError(`attribute ${key}`)
    if ((INLINE_FLAGS as readonly string[]).includes(key) && typeof value !== 'boolean') throw new UnknownRichTextElementError(`${key}=${String(value)}`)
    if (key === 'header' && value !== 1 && value !== 2 && value !== 3) throw new UnknownRichTextElementError(`header=${String(value)}`)
    if (key === 'list' && value !== 'ordered' && value !== 'bullet') throw new UnknownRichTextElementError(`list=${String(value)}`)
  }
  return attributes as Attributes
}

function inline(text: string, attributes: Attributes): RichTextInline {
  return {
    text,
    bold: attributes.bold === true,
    italic: attributes.italic === true,
    underline: attributes.underline === true,
    strike: attributes.strike === true,
    link: attributes.link === undefined ? null : parseLink(attributes.link),
  }
}

/** Turns delta operations into paragraphs, headings and lists (consecutive items grouped). */
export function parseRichText(document: unknown): RichTextBlock[] {
  const ops = (document as { ops?: unknown } | null)?.ops
  if (!Array.isArray(ops)) throw new UnknownRichTextElementError(`document ${describe(document)}`)

  const blocks: RichTextBlock[] = []
  let line: RichTextInline[] = []

  const endLine = (attributes: Attributes) => {
    const inlines = line
    line = []
    if (attributes.header !== undefined) {
      blocks.push({ type: 'heading', level: attributes.header as 1 | 2 | 3, inlines })
    } else if (attributes.list !== undefined) {
      const ordered = attributes.list === 'ordered'
      const previous = blocks.at(-1)
      if (previous?.type === 'list' && previous.ordered === ordered) previous.items.push(inlines)
      else blocks.push({ type: 'list', ordered, items: [inlines] })
    } else if (inlines.some((part) => part.text.trim())) {
      blocks.push({ type: 'paragraph', inlines })
    }
  }

  for (const op of ops) {
    if (!op || typeof op !== 'object') throw new UnknownRichTextElementError(`operation of type ${typeof op}`)
    const { insert, attributes: raw, ...rest } = op as { insert?: unknown; attributes?: unknown }
    const extra = Object.keys(rest)
    if (extra.length) throw new UnknownRichTextElementError(`operation ${extra.join(',')}`)
    if (typeof insert !== 'string') throw new UnknownRichTextElementError(`embed ${describe(insert)}`)
    const attributes = checkAttributes(raw)
    const parts = insert.split('\n')
    parts.forEach((text, index) => {
      if (index > 0) endLine(attributes)
      if (text) line.push(inline(text, attributes))
    })
  }
  if (line.length) endLine({})
  return blocks
}

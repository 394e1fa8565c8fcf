import type { LegalSlug } from '../../../core/domain/site/site.js'
import type { RichTextOp } from '../../../core/domain/site/rich-text.js'

/**
 * Writes the seeded legal texts in a compact line format and turns them into delta
 * operations: "# " and "## " headings, "- " bullet and "1. " ordered list items, other
 * lines paragraphs; inline **bold**, *italic*, __underline__, ~~strike~~ and
 * [text](href) links (href `internal:/path` for pages of this site).
 */
export function textToDelta(source: string): { ops: RichTextOp[] } {
  const ops: RichTextOp[] = []
  for (const raw of source.split('\n')) {
    const line = raw.trim()
    if (!line) continue
    let block: RichTextOp['attributes'] | undefined
    let text = line
    const heading = /^(#{1,3}) (.*)$/.exec(line)
    if (heading) {
      block = { header: heading[1]!.length as 1 | 2 | 3 }
      text = heading[2]!
    } else if (line.startsWith('- ')) {
      block = { list: 'bullet' }
      text = line.slice(2)
    } else if (/^\d+\. /.test(line)) {
      block = { list: 'ordered' }
      text = line.replace(/^\d+\. /, '')
    }
    ops.push(...inlineOps(text))
    ops.push(block ? { insert: '\n', attributes: block } : { insert: '\n' })
  }
  return { ops: merge(ops) }
}

const INLINE = /\*\*(.+?)\*\*|__(.+?)__|~~(.+?)~~|\*(.+?)\*|\[(.+?)\]\((.+?)\)/g

function inlineOps(text: string): RichTextOp[] {
  const ops: RichTextOp[] = []
  let last = 0
  for (const match of text.matchAll(INLINE)) {
    if (match.index > last) ops.push({ insert: text.slice(last, match.index) })
    const [, bold, underline, strike, italic, linkText, href] = match
    if (bold) ops.push({ insert: bold, attributes: { bold: true } })
    else if (underline) ops.push({ insert: underline, attributes: { underline: true } })
    else if (strike) ops.push({ insert: strike, attributes: { strike: true } })
    else if (italic) ops.push({ insert: italic, attributes: { italic: true } })
    else ops.push({ insert: linkText!, attributes: { link: href! } })
    last = match.index + match[0].length
  }
  if (last < text.length) ops.push({ insert: text.slice(last) })
  return ops
}

/** Joins neighbouring plain operations, as a delta editor stores them. */
function merge(ops: RichTextOp[]): RichTextOp[] {
  const merged: RichTextOp[] = []
  for (const op of ops) {
    const previous = merged.at(-1)
    if (previous && !previous.attributes && !op.attributes) previous.insert += op.insert
    else merged.push({ ...op })
  }
  return merged
}

/** One language's legal texts in the compact line format above. */
export type LegalTexts = Record<LegalSlug, { title: string; body: string }>

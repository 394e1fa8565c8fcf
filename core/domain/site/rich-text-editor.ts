/**
 * The console's rich-text editor (Tiptap, a ProseMirror document) and the delta format the site
 * stores and renders (rich-text.ts), converted both ways. Only what the delta format holds is
 * kept: paragraphs, headings 1–3, bullet and numbered lists (a nested list becomes items of its
 * own kind: the format has no indentation), and bold, italic, underline, strike and links.
 * `editorToDelta(deltaToEditor(x))` is x in canonical form (neighbouring operations with the
 * same attributes joined), so a text opened and saved unchanged stays the same.
 */
import { parseLink, parseRichText, type RichTextDocument, type RichTextInline, type RichTextOp } from './rich-text.js'

interface EditorMark {
  type: string
  attrs?: Record<string, unknown>
}

export interface EditorNode {
  type: string
  attrs?: Record<string, unknown>
  content?: EditorNode[]
  text?: string
  marks?: EditorMark[]
}

type Attributes = NonNullable<RichTextOp['attributes']>

const INTERNAL = 'internal:'

/** The stored form of a link the editor holds: a site path stays `internal:/path`. */
function linkValue(href: string): string {
  return href.startsWith(INTERNAL) ? `${INTERNAL}${parseLink(href).href}` : href
}

/** Whether the editor may keep a link: the same rule the renderer applies. */
export function isAllowedLink(href: string): boolean {
  try {
    parseLink(href)
    return true
  } catch {
    return false
  }
}

function textNodes(inlines: RichTextInline[]): EditorNode[] {
  return inlines
    .filter((part) => part.text)
    .map((part) => {
      const marks: EditorMark[] = []
      if (part.bold) marks.push({ type: 'bold' })
      if (part.italic) marks.push({ type: 'italic' })
      if (part.underline) marks.push({ type: 'underline' })
      if (part.strike) marks.push({ type: 'strike' })
      if (part.link) marks.push({ type: 'link', attrs: { href: part.link.internal ? `${INTERNAL}${part.link.href}` : part.link.href } })
      return marks.length ? { type: 'text', text: part.text, marks } : { type: 'text', text: part.text }
    })
}

const withContent = (node: EditorNode, content: EditorNode[]): EditorNode => (content.length ? { ...node, content } : node)

/** A delta document as the editor's document; unknown elements throw (UnknownRichTextElementError). */
export function deltaToEditor(document: unknown): EditorNode {
  const content = parseRichText(document).map((block): EditorNode => {
    if (block.type === 'heading') return withContent({ type: 'heading', attrs: { level: block.level } }, textNodes(block.inlines))
    if (block.type === 'list') {
      return {
        type: block.ordered ? 'orderedList' : 'bulletList',
        content: block.items.map((item) => ({ type: 'listItem', content: [withContent({ type: 'paragraph' }, textNodes(item))] })),
      }
    }
    return withContent({ type: 'paragraph' }, textNodes(block.inlines))
  })
  return { type: 'doc', content: content.length ? content : [{ type: 'paragraph' }] }
}

function inlineAttributes(marks: EditorMark[] | undefined): Attributes | undefined {
  const attributes: Attributes = {}
  for (const mark of marks ?? []) {
    if (mark.type === 'bold' || mark.type === 'italic' || mark.type === 'underline' || mark.type === 'strike') attributes[mark.type] = true
    else if (mark.type === 'link' && typeof mark.attrs?.href === 'string') attributes.link = linkValue(mark.attrs.href)
  }
  return Object.keys(attributes).length ? attributes : undefined
}

/** The operations of one line: its text, then the newline carrying the line's attributes. */
function line(ops: RichTextOp[], node: EditorNode, block: Attributes | undefined) {
  for (const child of node.content ?? []) {
    if (child.type === 'text' && child.text) {
      const attributes = inlineAttributes(child.marks)
      ops.push(attributes ? { insert: child.text, attributes } : { insert: child.text })
    } else if (child.type === 'hardBreak') {
      ops.push({ insert: ' ' })
    }
  }
  ops.push(block ? { insert: '\n', attributes: block } : { insert: '\n' })
}

function blocks(ops: RichTextOp[], nodes: EditorNode[] | undefined, list?: 'ordered' | 'bullet') {
  for (const node of nodes ?? []) {
    if (node.type === 'heading') {
      const level = Math.min(3, Math.max(1, Number(node.attrs?.level) || 1)) as 1 | 2 | 3
      line(ops, node, { header: level })
    } else if (node.type === 'bulletList' || node.type === 'orderedList') {
      blocks(ops, node.content, node.type === 'orderedList' ? 'ordered' : 'bullet')
    } else if (node.type === 'listItem') {
      blocks(ops, node.content, list)
    } else if (node.content?.some((child) => child.type === 'text' || child.type === 'hardBreak') || node.type === 'paragraph') {
      line(ops, node, list ? { list } : undefined)
    } else {
      blocks(ops, node.content, list)
    }
  }
}

const sameAttributes = (a: Attributes | undefined, b: Attributes | undefined) => JSON.stringify(sortKeys(a)) === JSON.stringify(sortKeys(b))
const sortKeys = (value: Attributes | undefined) => (value ? Object.fromEntries(Object.entries(value).sort(([x], [y]) => x.localeCompare(y))) : null)

/** Neighbouring operations with the same attributes joined (a newline ending a plain line joins its text). */
export function canonicalDelta(ops: RichTextOp[]): RichTextOp[] {
  const merged: RichTextOp[] = []
  for (const op of ops) {
    const previous = merged.at(-1)
    // A line's own newline (with block attributes) stays apart from its text, as editors store it.
    if (
      previous &&
      sameAttributes(previous.attributes, op.attributes) &&
      !(op.insert.includes('\n') && op.attributes && ('header' in op.attributes || 'list' in op.attributes))
    ) {
      previous.insert += op.insert
    } else {
      merged.push(op.attributes ? { insert: op.insert, attributes: { ...op.attributes } } : { insert: op.insert })
    }
  }
  return merged
}

/** The editor's document as delta operations. Empty paragraphs are kept as blank lines (the renderer skips them). */
export function editorToDelta(document: EditorNode): RichTextDocument {
  const ops: RichTextOp[] = []
  blocks(ops, document.content)
  return { ops: canonicalDelta(ops) }
}

import { describe, expect, it } from 'vitest'
import { LOCALES } from '../../core/domain/locale.js'
import { pictureProblem, pictureSizeProblem, sniffPictureType } from '../../core/domain/media/pictures.js'
import { isReleasable, publishingAfter } from '../../core/domain/catalog/publish.js'
import { parseRichText, type RichTextOp } from '../../core/domain/site/rich-text.js'
import { canonicalDelta, deltaToEditor, editorToDelta, isAllowedLink } from '../../core/domain/site/rich-text-editor.js'
import { LEGAL_SLUGS } from '../../core/domain/site/site.js'
import { LEGAL_TEXTS } from '../../scripts/seed/legal.js'
import { textToDelta } from '../../scripts/seed/legal/delta.js'

describe('the rich-text editor and the delta format', () => {
  it('round-trips every seeded legal page exactly', () => {
    for (const locale of LOCALES) {
      for (const slug of LEGAL_SLUGS) {
        const delta = textToDelta(LEGAL_TEXTS[locale][slug].body)
        expect(editorToDelta(deltaToEditor(delta)), `${slug}/${locale}`).toEqual({ ops: canonicalDelta(delta.ops) })
      }
    }
  })

  it('keeps every inline format, headings and both list kinds', () => {
    const delta: { ops: RichTextOp[] } = {
      ops: [
        { insert: 'Title' },
        { insert: '\n', attributes: { header: 2 } },
        { insert: 'Plain ' },
        { insert: 'bold', attributes: { bold: true } },
        { insert: ' ' },
        { insert: 'all', attributes: { bold: true, italic: true, underline: true, strike: true } },
        { insert: ' and ' },
        { insert: 'contact', attributes: { link: 'internal:/contact' } },
        { insert: ' or ' },
        { insert: 'mail', attributes: { link: 'mailto:a@example.com' } },
        { insert: '\n' },
        { insert: 'one' },
        { insert: '\n', attributes: { list: 'bullet' } },
        { insert: 'two' },
        { insert: '\n', attributes: { list: 'bullet' } },
        { insert: 'first' },
        { insert: '\n', attributes: { list: 'ordered' } },
      ],
    }
    expect(editorToDelta(deltaToEditor(delta))).toEqual({ ops: canonicalDelta(delta.ops) })
    expect(parseRichText(editorToDelta(deltaToEditor(delta)))).toEqual(parseRichText(delta))
  })

  it('flattens a nested list (the format has no indentation) and drops what it cannot hold', () => {
    const doc = {
      type: 'doc',
      content: [
        {
          type: 'bulletList',
          content: [
            {
              type: 'listItem',
              content: [
                { type: 'paragraph', content: [{ type: 'text', text: 'outer' }] },
                {
                  type: 'orderedList',
                  content: [{ type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'inner', marks: [{ type: 'code' }] }] }] }],
                },
              ],
            },
          ],
        },
      ],
    }
    const delta = editorToDelta(doc)
    expect(delta.ops).toEqual([
      { insert: 'outer' },
      { insert: '\n', attributes: { list: 'bullet' } },
      { insert: 'inner' },
      { insert: '\n', attributes: { list: 'ordered' } },
    ])
    expect(() => parseRichText(delta)).not.toThrow()
  })

  it('allows only the links the renderer draws', () => {
    expect(['https://example.com', 'mailto:a@b.c', 'tel:+49', 'internal:/tos'].every(isAllowedLink)).toBe(true)
    expect(['javascript:alert(1)', 'data:text/html,x', 'internal://evil.example'].some(isAllowedLink)).toBe(false)
  })
})

describe('publishing actions', () => {
  const now = new Date('2026-11-27T12:00:00Z')
  it('publish now, schedule and unpublish, and the one release rule over them', () => {
    const ready = { mediaStatus: 'ready' as const }
    const published = publishingAfter('now', now, null)
    expect(published).toEqual({ publishAt: now, withdrawn: false })
    expect(isReleasable({ ...ready, ...published }, now)).toBe(true)
    const later = new Date('2026-12-01T00:00:00Z')
    const scheduled = publishingAfter('schedule', now, later)
    expect(isReleasable({ ...ready, ...scheduled }, now)).toBe(false)
    expect(isReleasable({ ...ready, ...scheduled }, later)).toBe(true)
    expect(() => publishingAfter('schedule', now, new Date('2026-11-01T00:00:00Z'))).toThrow(RangeError)
    const withdrawn = publishingAfter('unpublish', now, null)
    expect(isReleasable({ ...ready, ...withdrawn }, later)).toBe(false)
  })
})

describe('uploaded pictures', () => {
  it('are recognised by their bytes, not by their name', () => {
    expect(sniffPictureType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg')
    expect(sniffPictureType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe('image/png')
    expect(sniffPictureType(new TextEncoder().encode('RIFF1234WEBPVP8 '))).toBe('image/webp')
    expect(sniffPictureType(new TextEncoder().encode('<svg xmlns='))).toBeNull()
  })
  it('have a type, a size and dimensions the site can use', () => {
    expect(pictureProblem('image/gif', 10)).toBe('pictureType')
    expect(pictureProblem(null, 16_000_000)).toBe('pictureTooLarge')
    expect(pictureProblem('image/png', 0)).toBe('pictureEmpty')
    expect(pictureProblem('image/webp', 1000)).toBeNull()
    expect(pictureSizeProblem(40, 400)).toBe('pictureTooSmall')
    expect(pictureSizeProblem(20_000, 400)).toBe('pictureUnreadable')
    expect(pictureSizeProblem(800, 600)).toBeNull()
  })
})

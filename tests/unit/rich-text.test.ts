import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { RichText, type InternalLinkProps } from '../../src/components/RichText.js'
import { UnknownRichTextElementError, parseRichText, type RichTextOp } from '../../core/domain/site/rich-text.js'
import { LEGAL_TEXTS } from '../../scripts/seed/legal.js'
import { textToDelta } from '../../scripts/seed/legal/delta.js'
import { LOCALES } from '../../core/domain/locale.js'
import { LEGAL_SLUGS } from '../../core/domain/site/site.js'

const doc = (ops: unknown[]) => ({ ops })
const html = (document: unknown, props: Partial<{ InternalLink: (p: InternalLinkProps) => React.ReactNode }> = {}) =>
  renderToStaticMarkup(createElement(RichText, { document, lang: 'en', ...props }))

describe('parseRichText', () => {
  it('makes paragraphs from newlines and drops empty lines', () => {
    const blocks = parseRichText(doc([{ insert: 'First line\n\nSecond ' }, { insert: 'line', attributes: { bold: true } }, { insert: '\n' }]))
    expect(blocks.map((b) => b.type)).toEqual(['paragraph', 'paragraph'])
    expect(blocks[1]).toMatchObject({
      inlines: [
        { text: 'Second ', bold: false },
        { text: 'line', bold: true },
      ],
    })
  })

  it('takes headings and lists from the attributes of the newline that ends the line', () => {
    const blocks = parseRichText(
      doc([
        { insert: 'Title' },
        { insert: '\n', attributes: { header: 2 } },
        { insert: 'one' },
        { insert: '\n', attributes: { list: 'bullet' } },
        { insert: 'two' },
        { insert: '\n', attributes: { list: 'bullet' } },
        { insert: 'first' },
        { insert: '\n', attributes: { list: 'ordered' } },
        { insert: 'trailing text without newline' },
      ]),
    )
    expect(blocks).toMatchObject([
      { type: 'heading', level: 2 },
      { type: 'list', ordered: false, items: [[{ text: 'one' }], [{ text: 'two' }]] },
      { type: 'list', ordered: true, items: [[{ text: 'first' }]] },
      { type: 'paragraph', inlines: [{ text: 'trailing text without newline' }] },
    ])
  })

  it('reads internal: links as site paths and keeps web, mail and phone links', () => {
    const [block] = parseRichText(
      doc([
        { insert: 'contact', attributes: { link: 'internal:/contact' } },
        { insert: 'faq', attributes: { link: 'internal:faq' } },
        { insert: 'web', attributes: { link: 'https://example.com/x' } },
        { insert: 'mail', attributes: { link: 'mailto:support@example.com' } },
        { insert: '\n' },
      ]),
    )
    expect(block?.type === 'paragraph' && block.inlines.map((i) => i.link)).toEqual([
      { href: '/contact', internal: true },
      { href: '/faq', internal: true },
      { href: 'https://example.com/x', internal: false },
      { href: 'mailto:support@example.com', internal: false },
    ])
  })

  it.each([
    ['an embed', [{ insert: { image: 'x.png' } }]],
    ['an unknown attribute', [{ insert: 'x', attributes: { color: '#f00' } }]],
    ['an unknown header level', [{ insert: 'x' }, { insert: '\n', attributes: { header: 5 } }]],
    ['an unknown list kind', [{ insert: 'x' }, { insert: '\n', attributes: { list: 'checked' } }]],
    ['a javascript: link', [{ insert: 'x', attributes: { link: 'javascript:alert(1)' } }]],
    ['a protocol-relative internal link', [{ insert: 'x', attributes: { link: 'internal://evil.example' } }]],
    ['a non-boolean mark', [{ insert: 'x', attributes: { bold: 'yes' } }]],
    ['an unknown operation', [{ delete: 3 }]],
  ])('raises UnknownRichTextElementError for %s', (_name, ops) => {
    expect(() => parseRichText(doc(ops))).toThrow(UnknownRichTextElementError)
  })

  it('raises it for something that is not a document', () => {
    expect(() => parseRichText(null)).toThrow(UnknownRichTextElementError)
    expect(() => parseRichText({ ops: 'text' })).toThrow(UnknownRichTextElementError)
  })
})

describe('<RichText>', () => {
  it('draws headings below the page title, paragraphs, lists and marks as semantic HTML', () => {
    const ops: RichTextOp[] = [
      { insert: 'Scope' },
      { insert: '\n', attributes: { header: 1 } },
      { insert: 'Plain ' },
      { insert: 'bold', attributes: { bold: true } },
      { insert: ' ' },
      { insert: 'italic', attributes: { italic: true } },
      { insert: ' ' },
      { insert: 'under', attributes: { underline: true } },
      { insert: ' ' },
      { insert: 'gone', attributes: { strike: true } },
      { insert: ' ' },
      { insert: 'all', attributes: { bold: true, italic: true } },
      { insert: '\n' },
      { insert: 'a' },
      { insert: '\n', attributes: { list: 'ordered' } },
      { insert: 'b' },
      { insert: '\n', attributes: { list: 'ordered' } },
      { insert: 'Sub' },
      { insert: '\n', attributes: { header: 3 } },
    ]
    expect(html(doc(ops))).toBe(
      '<h2>Scope</h2><p>Plain <strong>bold</strong> <em>italic</em> <u>under</u> <s>gone</s> <strong><em>all</em></strong></p>' +
        '<ol><li>a</li><li>b</li></ol><h4>Sub</h4>',
    )
  })

  it('prefixes internal links with the language and opens web links in a new tab', () => {
    const markup = html(
      doc([
        { insert: 'Contact', attributes: { link: 'internal:/contact' } },
        { insert: ' and ' },
        { insert: 'partner', attributes: { link: 'https://partner.example', bold: true } },
        { insert: '\n' },
      ]),
    )
    expect(markup).toBe(
      '<p><a href="/en/contact">Contact</a> and <a href="https://partner.example" target="_blank" rel="noopener noreferrer"><strong>partner</strong></a></p>',
    )
  })

  it('draws internal links with the given link component', () => {
    const InternalLink = ({ href, children }: InternalLinkProps) => createElement('a', { href, 'data-router': 'yes' }, children)
    expect(html(doc([{ insert: 'Home', attributes: { link: 'internal:/' } }, { insert: '\n' }]), { InternalLink })).toBe(
      '<p><a href="/en" data-router="yes">Home</a></p>',
    )
  })

  it('throws on an unknown element, so the error screen takes over', () => {
    expect(() => html(doc([{ insert: { video: 'clip.mp4' } }]))).toThrow(/Unknown rich-text element: embed video/)
  })
})

describe('seeded legal texts', () => {
  it('exist for every page and language and parse into headings, paragraphs, lists and internal links', () => {
    for (const locale of LOCALES) {
      for (const slug of LEGAL_SLUGS) {
        const text = LEGAL_TEXTS[locale][slug]
        expect(text.title.trim(), `${locale}/${slug}`).not.toBe('')
        const blocks = parseRichText(textToDelta(text.body))
        expect(blocks.filter((b) => b.type === 'heading').length, `${locale}/${slug}`).toBeGreaterThanOrEqual(3)
        expect(blocks.some((b) => b.type === 'paragraph')).toBe(true)
        const links = blocks.flatMap((b) => (b.type === 'list' ? b.items.flat() : b.inlines)).filter((i) => i.link?.internal)
        expect(links.length, `${locale}/${slug}`).toBeGreaterThan(0)
      }
    }
  })

  it('are written in the compact format the converter understands', () => {
    expect(textToDelta('# Title\nSome **bold**, *italic*, __under__, ~~old~~ and [a link](internal:/faq).\n- item\n1. step').ops).toEqual([
      { insert: 'Title' },
      { insert: '\n', attributes: { header: 1 } },
      { insert: 'Some ' },
      { insert: 'bold', attributes: { bold: true } },
      { insert: ', ' },
      { insert: 'italic', attributes: { italic: true } },
      { insert: ', ' },
      { insert: 'under', attributes: { underline: true } },
      { insert: ', ' },
      { insert: 'old', attributes: { strike: true } },
      { insert: ' and ' },
      { insert: 'a link', attributes: { link: 'internal:/faq' } },
      { insert: '.\nitem' },
      { insert: '\n', attributes: { list: 'bullet' } },
      { insert: 'step' },
      { insert: '\n', attributes: { list: 'ordered' } },
    ])
  })
})

import { useMemo, type ComponentType, type ReactNode } from 'react'
import { internalHref, parseRichText, type RichTextInline } from '../../core/domain/site/rich-text.js'

export interface InternalLinkProps {
  /** Full site path with the language, e.g. /en/contact. */
  href: string
  children: ReactNode
}

const PlainLink = ({ href, children }: InternalLinkProps) => <a href={href}>{children}</a>

export interface RichTextProps {
  /** A delta document `{ ops: [...] }`; unknown elements throw (the error screen shows). */
  document: unknown
  /** Internal links (`internal:/path`) are prefixed with this language (except the unprefixed routes). */
  lang: string
  /** How internal links are drawn (the router's link in the app). */
  InternalLink?: ComponentType<InternalLinkProps>
}

/**
 * Draws delta rich text as semantic HTML: headings below the page's h1 (h2–h4),
 * paragraphs, bullet and numbered lists, and bold, italic, underline, strike and links.
 */
export function RichText({ document, lang, InternalLink = PlainLink }: RichTextProps) {
  const blocks = useMemo(() => parseRichText(document), [document])
  const inlines = (parts: RichTextInline[]) => parts.map((part, index) => <Inline key={index} part={part} lang={lang} InternalLink={InternalLink} />)
  return (
    <>
      {blocks.map((block, index) => {
        if (block.type === 'heading') {
          const Heading = (['h2', 'h3', 'h4'] as const)[block.level - 1]!
          return <Heading key={index}>{inlines(block.inlines)}</Heading>
        }
        if (block.type === 'list') {
          const List = block.ordered ? 'ol' : 'ul'
          return (
            <List key={index}>
              {block.items.map((item, itemIndex) => (
                <li key={itemIndex}>{inlines(item)}</li>
              ))}
            </List>
          )
        }
        return <p key={index}>{inlines(block.inlines)}</p>
      })}
    </>
  )
}

function Inline({ part, lang, InternalLink }: { part: RichTextInline; lang: string; InternalLink: ComponentType<InternalLinkProps> }) {
  let node: ReactNode = part.text
  if (part.strike) node = <s>{node}</s>
  if (part.underline) node = <u>{node}</u>
  if (part.italic) node = <em>{node}</em>
  if (part.bold) node = <strong>{node}</strong>
  if (part.link?.internal) return <InternalLink href={internalHref(part.link.href, lang)}>{node}</InternalLink>
  if (part.link) {
    const web = /^https?:/i.test(part.link.href)
    return (
      <a href={part.link.href} {...(web ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
        {node}
      </a>
    )
  }
  return <>{node}</>
}

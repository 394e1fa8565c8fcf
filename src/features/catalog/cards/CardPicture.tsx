import type { CSSProperties, ReactElement, ReactNode } from 'react'
import type { Picture } from '../../../lib/api-types.js'
import s from './cards.module.css'

const RATIO_CLASS: Record<string, string | undefined> = { [16 / 9]: s.r169, [4 / 3]: s.r43, [3 / 4]: s.r34, [2]: s.r21 }

/** A banner's frame: 16:8 on phones, 16:5 from the sm breakpoint (pass as className with ratio 2). */
export const BANNER_FRAME = s.banner
/** A banner slide's rounded frame, its gradient overlay and its title. */
export const BANNER_SLIDE = s.bannerSlide
export const BANNER_OVERLAY = s.bannerOverlay
export const BANNER_TITLE = s.bannerTitle

/**
 * A card's or page's picture at a fixed aspect ratio, with optional overlays (badges). Where the
 * media pipeline has not made the picture yet, a calm gradient with an icon and a short note
 * stands in (decorative: the title next to it names the item). With `href` the frame is the
 * card's picture link (hidden from assistive technology: the title links the same place); with
 * `clip` it carries the preview clip the page's clip logic plays over it (preview-clips.ts).
 */
export function CardPicture({
  picture,
  ratio,
  placeholderIcon,
  placeholderText,
  sizes,
  children,
  seed = 0,
  eager = false,
  className,
  href,
  clip,
}: {
  picture: Picture | null | undefined
  ratio: number
  placeholderIcon?: ReactNode
  placeholderText?: string
  sizes?: string
  /** Overlays, positioned absolutely over the picture. */
  children?: ReactNode
  /** Varies the placeholder's colours so a grid of placeholders is not uniform. */
  seed?: number
  eager?: boolean
  className?: string
  href?: string
  clip?: string | null
}) {
  const ratioClass = RATIO_CLASS[ratio]
  const classes = [s.frame, ratioClass, className].filter(Boolean).join(' ')
  const style = ratioClass ? undefined : ({ '--ar': ratio } as CSSProperties)
  const content = (
    <>
      {picture ? <PictureElement picture={picture} sizes={sizes} eager={eager} /> : <Placeholder seed={seed} icon={placeholderIcon} text={placeholderText} />}
      {children}
    </>
  )
  return href ? (
    <a href={href} tabIndex={-1} aria-hidden="true" className={classes} style={style} data-clip={clip || undefined}>
      {content}
    </a>
  ) : (
    <div className={classes} style={style} data-clip={clip || undefined}>
      {content}
    </div>
  )
}

function Placeholder({ seed, icon, text }: { seed: number; icon: ReactNode; text?: string }) {
  const hue = (seed * 47) % 360
  return (
    <div aria-hidden="true" className={s.placeholder} style={{ background: `linear-gradient(135deg, hsl(${hue} 30% 16%), hsl(${(hue + 320) % 360} 50% 26%))` }}>
      {icon}
      {text && <p>{text}</p>}
    </div>
  )
}

/**
 * The picture itself: the WebP widths the worker made as a `<source>` (about half the bytes of
 * the JPEG), the JPEG as the `<img>` every browser can fall back to, both with the card's sizes.
 */
function PictureElement({ picture, sizes, eager }: { picture: Picture; sizes?: string; eager: boolean }) {
  return (
    <WithWebp picture={picture} sizes={sizes}>
      <img
        src={picture.src}
        srcSet={picture.srcSet}
        sizes={sizes}
        alt={picture.alt}
        width={picture.width}
        height={picture.height}
        // The page's first large picture is its likely LCP: fetch it first; the rest when scrolled to.
        loading={eager ? 'eager' : 'lazy'}
        fetchPriority={eager ? 'high' : undefined}
      />
    </WithWebp>
  )
}

/** An `<img>` of a picture inside a `<picture>` with its WebP widths as a source, when the worker made them. */
export function WithWebp({ picture, sizes, className, children }: { picture: Picture; sizes?: string; className?: string; children: ReactElement }) {
  if (!picture.webpSrcSet) return children
  return (
    <picture className={className}>
      <source type="image/webp" srcSet={picture.webpSrcSet} sizes={sizes} />
      {children}
    </picture>
  )
}

const POSITION = { 'top-left': s.topLeft, 'top-right': s.topRight, 'bottom-left': s.bottomLeft, 'bottom-right': s.bottomRight }

/** A badge slot over a picture. */
export function Overlay({ position, children }: { position: 'top-left' | 'top-right' | 'bottom-left' | 'bottom-right'; children: ReactNode }) {
  return <div className={`${s.overlay} ${POSITION[position]}`}>{children}</div>
}

/** A small filled badge (Mantine's Badge look, without its script): dark, or pink. */
export function CardBadge({ children, pink, label }: { children: ReactNode; pink?: boolean; label?: string }) {
  return (
    <span className={pink ? `${s.badge} ${s.pink}` : s.badge} aria-label={label}>
      {children}
    </span>
  )
}

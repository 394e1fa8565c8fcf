import {
  Suspense,
  cloneElement,
  lazy,
  startTransition,
  useCallback,
  useRef,
  useState,
  type ComponentType,
  type FocusEvent,
  type PointerEvent,
  type ReactElement,
  type Ref,
} from 'react'

/** What a deferred menu's code receives: its button, and how to come up. */
export interface LoadedMenuProps {
  /** The menu's button (Menu.Target's child). */
  target: ReactElement<{ ref?: Ref<HTMLButtonElement> }>
  /** Open at once: the button was pressed while the menu's code was still on its way. */
  openAtStart: boolean
  /** Whether to focus the button once shown: the stand-in had the focus when the menu's code arrived. */
  takeFocus: () => boolean
}

type ButtonElement = ReactElement<{
  ref?: Ref<HTMLButtonElement>
  onClick?: () => void
  onFocus?: (event: FocusEvent<HTMLButtonElement>) => void
  onPointerEnter?: () => void
  onPointerDown?: (event: PointerEvent<HTMLButtonElement>) => void
  onTouchStart?: () => void
  'aria-haspopup'?: 'menu'
  'aria-expanded'?: boolean
}>

/**
 * A header menu whose code (Mantine's Menu with its Popover and floating-ui, about 25 KB
 * brotli) loads when the visitor reaches for it (pointer over, touch, focus), not with the
 * page. Until then its button stands alone, with the same name and look; a press before the
 * code has arrived opens the menu when it has, and a button that had the focus keeps it.
 *
 * A mouse press opens it, not only the click: when the code arrives between press and release,
 * the loaded menu's button replaces the stand-in, and the browser sends the click to neither.
 */
export function deferredMenu<P extends object>(load: () => Promise<{ default: ComponentType<P & LoadedMenuProps> }>) {
  const Loaded = lazy(load)
  return function DeferredMenu({ button, ...props }: P & { button: ButtonElement }) {
    const [wanted, setWanted] = useState<{ open: boolean } | null>(null)
    const focused = useRef(false)
    // One function for the menu's life: the loaded menu takes the focus over once, when it mounts.
    const takeFocus = useCallback(() => focused.current, [])
    // In a transition, React keeps the stand-in (and its focus) on the page until the code is here.
    const want = (open: boolean) => startTransition(() => setWanted((current) => (current && (current.open || !open) ? current : { open })))
    const standIn = cloneElement(button, {
      'aria-haspopup': 'menu',
      'aria-expanded': false,
      onPointerEnter: () => want(false),
      // Not a touch: a finger landing on the button may be starting a scroll.
      onPointerDown: (event) => {
        if (event.pointerType !== 'touch' && event.button === 0) want(true)
      },
      onTouchStart: () => want(false),
      onFocus: () => want(false),
      onClick: () => want(true),
      // Read as the stand-in leaves the page: whether the loaded menu's button takes the focus over.
      ref: (node: HTMLButtonElement | null) => {
        if (!node) return
        return () => {
          focused.current = node.ownerDocument.activeElement === node
        }
      },
    })
    return (
      <Suspense fallback={standIn}>{wanted ? <Loaded {...(props as P)} target={button} openAtStart={wanted.open} takeFocus={takeFocus} /> : standIn}</Suspense>
    )
  }
}

import { Suspense, memo, use, useCallback, useEffect, useRef, useState, type ComponentType } from 'react'
import { useHydrating } from './hydration'

let hydrated = false
let onHydrated: () => void = () => undefined
const hydration = new Promise<void>((resolve) => (onHydrated = resolve))

/** Called once React has hydrated the page's content (src/lib/page-live.tsx). */
export function markPageHydrated(): void {
  hydrated = true
  onHydrated()
}

/**
 * Parts of a page the server draws whose code or start-up work the visitor does not need at
 * once (the carousels: Embla and its plugin, about 10 KB brotli; cards below a phone's first
 * rows; facts nobody taps). While the page hydrates, React keeps their server HTML as it is (a
 * Suspense boundary that is not ready stays dehydrated) and goes on with the rest; when the page
 * settles (`whenPageSettles`) their code loads and React hydrates them in place, with the same
 * HTML, so nothing moves. On the server, and on pages reached by a navigation in the browser,
 * they render at once.
 *
 * A dehydrated part that receives new props or context cannot be hydrated: React would drop its
 * server HTML and draw it anew. So it keeps the props it was first rendered with (the server's)
 * until it has hydrated, then follows the current ones (a signed-in user's refetched lists). A
 * part whose content really changes before then (another page of cards) gets a new key.
 */
export function deferredComponent<P extends object>(load: () => Promise<ComponentType<P>>, loaded: ComponentType<P> | null = null) {
  let Loaded: ComponentType<P> | null = loaded
  let loading: Promise<void> | null = null
  const start = () => (loading ??= load().then((component) => void (Loaded = component)))
  if (typeof window === 'undefined') serverLoads.push(start())

  function Part({ props, onLive }: { props: P; onLive: () => void }) {
    // Hydrating server HTML: wait for the page to settle. Drawn in the browser (a navigation, a
    // part that appears later): at once. (Promises kept outside the component: a
    // component that suspends before it mounted keeps no state.)
    const hydrating = useHydrating() && typeof window !== 'undefined'
    if (hydrating && !settled) use(whenPageSettles())
    if (!Loaded) use(start())
    useEffect(onLive, [onLive])
    const Component = Loaded!
    return <Component {...props} />
  }

  const Boundary = memo(function Boundary({ props, onLive }: { props: P; onLive: () => void }) {
    return (
      <Suspense fallback={null}>
        <Part props={props} onLive={onLive} />
      </Suspense>
    )
  })

  return function Deferred(props: P) {
    const first = useRef(props)
    const [live, setLive] = useState(false)
    const onLive = useCallback(() => setLive(true), [])
    return <Boundary props={live ? props : first.current} onLive={onLive} />
  }
}

/** A part whose code is loaded already, hydrated once the page settles (cards below the fold, facts). */
export function deferHydration<P extends object>(component: ComponentType<P>) {
  return deferredComponent(() => Promise.resolve(component), component)
}

const AFTER_HYDRATION = 'fetchedWhenHydrated'

/**
 * A query of a deferred part whose data stays out of the page: the server renders with it, but
 * it is not dehydrated into the HTML (src/router.tsx); the part asks for it when it hydrates,
 * while its server HTML stays on screen. For blocks below the fold: less HTML, less to parse.
 */
export function fetchedWhenHydrated<T extends { meta?: Record<string, unknown> }>(options: T): T {
  return { ...options, meta: { ...options.meta, [AFTER_HYDRATION]: true } }
}

/** Whether the page's dehydrated data carries this query (see fetchedWhenHydrated). */
export const dehydratedWithPage = (query: { meta?: Record<string, unknown> }): boolean => query.meta?.[AFTER_HYDRATION] !== true

const serverLoads: Array<Promise<void>> = []

/** On the server: resolves once every deferred part's code is loaded (the renderer waits for it). */
export async function deferredPartsLoaded(): Promise<void> {
  await Promise.all(serverLoads)
}

const INTERACTIONS = ['pointerdown', 'pointermove', 'touchstart', 'keydown', 'scroll', 'wheel'] as const
/** After the load event: how long a visit without any interaction lasts before deferred parts load anyway. */
const PASSIVE_VISIT_MS = 10_000
let settles: Promise<void> | null = null
let settled = false

/**
 * Resolves once the page is live and then either the visitor interacts with it (pointer,
 * touch, key, scroll; also before it was live) or, on a visit without any, PASSIVE_VISIT_MS
 * after the load event (at the browser's next idle moment then): deferred work never competes
 * with the first paint and hydration, no deferred script loads before the page is live, and
 * what a visitor does not reach for (the carousels' code, the preview clips' logic, cards
 * below the fold) costs nothing until they start using the page.
 */
export function whenPageSettles(): Promise<void> {
  settles ??= new Promise<void>((settle) => {
    const resolve = () => {
      settled = true
      settle()
    }
    const options = { capture: true, passive: true } as const
    let interacted = false
    const interaction = () => {
      interacted = true
      stopListening()
      if (hydrated) resolve()
    }
    const stopListening = () => {
      for (const type of INTERACTIONS) window.removeEventListener(type, interaction, options)
    }
    for (const type of INTERACTIONS) window.addEventListener(type, interaction, options)
    const quiet = () => {
      stopListening()
      resolve()
    }
    const afterLoad = () =>
      setTimeout(() => ('requestIdleCallback' in window ? window.requestIdleCallback(quiet, { timeout: 1000 }) : quiet()), PASSIVE_VISIT_MS)
    void hydration.then(() => {
      if (interacted) return resolve()
      if (document.readyState === 'complete') afterLoad()
      else window.addEventListener('load', afterLoad, { once: true })
    })
  })
  return settles
}

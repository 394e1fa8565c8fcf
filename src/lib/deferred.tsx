import { Suspense, memo, use, type ComponentType } from 'react'

let hydrated = false
let onHydrated: () => void = () => undefined
const hydration = new Promise<void>((resolve) => (onHydrated = resolve))

/** Called by the root once React has hydrated the page (src/routes/__root.tsx). */
export function markPageHydrated(): void {
  hydrated = true
  onHydrated()
}

/**
 * Parts of a page the server draws whose code the visitor does not need at once (the
 * carousels: Embla and its plugin, about 10 KB brotli, and their start-up work). While the
 * page hydrates, React keeps their server HTML as it is (a Suspense boundary that is not ready
 * stays dehydrated) and goes on with the rest; their code loads when the page settles
 * (`whenPageSettles`), then React hydrates them in place, with the same HTML, so nothing moves.
 * On the server, and on pages reached by a navigation in the browser, they render at once.
 *
 * The component is memoised: a dehydrated part must not receive new props before it hydrates
 * (React would drop its server HTML), and its props (query data) keep their identity.
 */
export function deferredComponent<P extends object>(load: () => Promise<ComponentType<P>>) {
  let Loaded: ComponentType<P> | null = null
  let loading: Promise<void> | null = null
  let gated: Promise<void> | null = null
  const start = () => (loading ??= load().then((component) => void (Loaded = component)))
  if (typeof window === 'undefined') serverLoads.push(start())

  function WhenLoaded({ ready, props }: { ready: Promise<void>; props: P }) {
    use(ready)
    const Component = Loaded!
    return <Component {...props} />
  }

  function Deferred(props: P) {
    if (Loaded) {
      const Component = Loaded
      return (
        <Suspense fallback={null}>
          <Component {...props} />
        </Suspense>
      )
    }
    // Promises kept outside the component: a component that suspends before it mounted keeps no state.
    const ready = hydrated ? start() : (gated ??= whenPageSettles().then(start))
    return (
      <Suspense fallback={null}>
        <WhenLoaded ready={ready} props={props} />
      </Suspense>
    )
  }
  return memo(Deferred)
}

const serverLoads: Array<Promise<void>> = []

/** On the server: resolves once every deferred part's code is loaded (the renderer waits for it). */
export async function deferredPartsLoaded(): Promise<void> {
  await Promise.all(serverLoads)
}

const INTERACTIONS = ['pointerdown', 'pointermove', 'touchstart', 'keydown', 'scroll', 'wheel'] as const
/** After the load event: how long the page stays quiet before deferred parts load anyway. */
export const SETTLE_AFTER_LOAD_MS = 2000
let settles: Promise<void> | null = null

/**
 * Resolves once the page is live and then either the visitor interacts with it (pointer,
 * touch, key, scroll; also before it was live) or it has loaded and stayed quiet for
 * SETTLE_AFTER_LOAD_MS (then at the browser's next idle moment): deferred work never competes
 * with the first paint and hydration, and no deferred script loads before the page is live.
 */
export function whenPageSettles(): Promise<void> {
  settles ??= new Promise<void>((resolve) => {
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
      setTimeout(() => ('requestIdleCallback' in window ? window.requestIdleCallback(quiet, { timeout: 1000 }) : quiet()), SETTLE_AFTER_LOAD_MS)
    void hydration.then(() => {
      if (interacted) return resolve()
      if (document.readyState === 'complete') afterLoad()
      else window.addEventListener('load', afterLoad, { once: true })
    })
  })
  return settles
}

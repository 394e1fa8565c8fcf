import { Affix, Button, Transition } from '@mantine/core'
import { useWindowScroll } from '@mantine/hooks'
import { useI18n } from '../../lib/locale'

/** Spec section 9: the button appears once the page is scrolled more than 400 px. */
export const SCROLL_TO_TOP_THRESHOLD_PX = 400

export function ScrollToTop() {
  const { LL } = useI18n()
  const [scroll, scrollTo] = useWindowScroll()
  return (
    <Affix position={{ bottom: 20, right: 20 }}>
      <Transition transition="slide-up" mounted={scroll.y > SCROLL_TO_TOP_THRESHOLD_PX}>
        {(styles) => (
          <Button style={styles} onClick={() => scrollTo({ y: 0 })} radius="xl">
            ↑ {LL.layout.scrollToTop()}
          </Button>
        )}
      </Transition>
    </Affix>
  )
}

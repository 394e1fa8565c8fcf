import { Affix, Button, Transition } from '@mantine/core'
import { useWindowScroll } from '@mantine/hooks'
import { useI18n } from '../../lib/locale'
import { SCROLL_TO_TOP_THRESHOLD_PX } from './ScrollToTop'

export default function ScrollToTopButton() {
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

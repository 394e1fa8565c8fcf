import { Affix, Button, Transition } from '@mantine/core'
import { useWindowScroll } from '@mantine/hooks'
import { useI18n } from '../../lib/locale'

/** Shown while the page is scrolled more than `threshold` pixels. */
export default function ScrollToTopButton({ threshold }: { threshold: number }) {
  const { LL } = useI18n()
  const [scroll, scrollTo] = useWindowScroll()
  return (
    <Affix position={{ bottom: 20, right: 20 }}>
      <Transition transition="slide-up" mounted={scroll.y > threshold}>
        {(styles) => (
          <Button style={styles} onClick={() => scrollTo({ y: 0 })} radius="xl">
            ↑ {LL.layout.scrollToTop()}
          </Button>
        )}
      </Transition>
    </Affix>
  )
}

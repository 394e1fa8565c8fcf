import { useState } from 'react'
import { useI18n } from '../../lib/locale'
import { useNow } from '../../lib/now'
import { useSignedInUser } from '../../features/auth/session'

/**
 * The footer's copyright line. For administrators it is a button that looks like the text
 * and raises a test error, so they can check the error screen (spec sections 2 and 6).
 */
export function Copyright({ className = '' }: { className?: string }) {
  const { LL } = useI18n()
  const me = useSignedInUser()
  const [raise, setRaise] = useState(false)
  if (raise) throw new Error(LL.site.testError())
  const text = LL.layout.footer.copyright({ year: useNow().getUTCFullYear() })
  if (me?.role === 'admin') {
    return (
      <button type="button" className={`mantine-focus-auto ${className}`} style={{ cursor: 'pointer' }} onClick={() => setRaise(true)}>
        {text}
      </button>
    )
  }
  return <p className={className}>{text}</p>
}

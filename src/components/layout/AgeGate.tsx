import { Button, FocusTrap } from '@mantine/core'
import { useMatches } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { useI18n } from '../../lib/locale'
import { usePageEnvironment } from '../../lib/page-environment'
import s from './AgeGate.module.css'

const STORAGE_KEY = 'ageConfirmed'
/** Where "under 18" leaves to. */
const AGE_GATE_EXIT_URL = 'https://www.google.com/'
function isConfirmed(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEY) === '1'
  } catch {
    return false
  }
}

/**
 * Runs in the page's head before the first paint: a visitor who confirmed earlier never sees
 * the server-rendered gate (styles.css hides it under this attribute).
 */
export const AGE_GATE_SCRIPT = `try{if(localStorage.getItem('${STORAGE_KEY}')==='1')document.documentElement.setAttribute('data-age-confirmed','')}catch(e){}`

/**
 * The youth-protection gate over the layout (spec section 2, Age gate). The server renders it
 * into the page (not into a portal), so it is there before any script runs; search engines
 * and link previews get pages without it.
 */
export function AgeGate() {
  const { LL } = useI18n()
  const env = usePageEnvironment()
  const matches = useMatches()
  // Both the server and the first browser render say "not confirmed"; the stored answer is
  // read after hydration (the head script has already hidden the gate by then).
  const [confirmed, setConfirmed] = useState(false)
  useEffect(() => setConfirmed(isConfirmed()), [])
  const optedOut = matches.some((match) => match.staticData?.ageGate === false)
  // Only where the policy leaves it to the click-through gate: elsewhere the server decides
  // (a verification, a blurred tour), and a crawler gets what a visitor of its place gets.
  if (confirmed || optedOut || env.isBot || env.age.outcome !== 'open') return null

  const confirm = () => {
    try {
      localStorage.setItem(STORAGE_KEY, '1')
    } catch {
      // Without storage the gate simply asks again next time.
    }
    setConfirmed(true)
  }

  return (
    <div className="age-gate">
      <div className={s.overlay} />
      <div className={s.center}>
        <FocusTrap active>
          <div role="dialog" aria-modal="true" aria-labelledby="age-gate-title" className={s.dialog}>
            <h2 id="age-gate-title" className={s.title}>
              {LL.layout.ageGate.title()}
            </h2>
            <p className={s.text}>{LL.layout.ageGate.text()}</p>
            <div className={s.actions}>
              <Button variant="default" component="a" href={AGE_GATE_EXIT_URL} rel="noreferrer">
                {LL.layout.ageGate.deny()}
              </Button>
              <Button onClick={confirm} data-autofocus>
                {LL.layout.ageGate.confirm()}
              </Button>
            </div>
          </div>
        </FocusTrap>
      </div>
    </div>
  )
}

import { useCurrentLocale, useI18n } from '../lib/locale'
import { PageLive } from '../lib/page-live'
import { Link } from '@tanstack/react-router'
import { PLAIN_BUTTON_LABEL, plainButton } from './plain-button'
import s from './NotFound.module.css'

export function NotFound() {
  const { LL } = useI18n()
  const locale = useCurrentLocale()
  return (
    <div className={s.page}>
      <h1 className={s.title}>{LL.layout.notFound.title()}</h1>
      <p className={s.text}>{LL.layout.notFound.text()}</p>
      <Link to="/$lang" params={{ lang: locale }} preload="intent" className={plainButton()}>
        <span className={PLAIN_BUTTON_LABEL}>{LL.layout.notFound.home()}</span>
      </Link>
      <PageLive />
    </div>
  )
}

import { useCurrentLocale, useI18n } from '../lib/locale'
import { PageLive } from '../lib/page-live'
import { ButtonLink } from './links'
import s from './NotFound.module.css'

export function NotFound() {
  const { LL } = useI18n()
  const locale = useCurrentLocale()
  return (
    <div className={s.page}>
      <h1 className={s.title}>{LL.layout.notFound.title()}</h1>
      <p className={s.text}>{LL.layout.notFound.text()}</p>
      <ButtonLink to="/$lang" params={{ lang: locale }}>
        {LL.layout.notFound.home()}
      </ButtonLink>
      <PageLive />
    </div>
  )
}

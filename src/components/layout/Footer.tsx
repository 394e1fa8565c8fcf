import { useQuery } from '@tanstack/react-query'
import { useCurrentLocale, useI18n } from '../../lib/locale'
import { useTRPC } from '../../lib/trpc'
import { Copyright } from './Copyright'
import s from './Footer.module.css'

/**
 * The site's footer: the legal pages and the site's own pages (plain links the page's link
 * listener follows, src/lib/plain-links.ts), the processor's and the webmasters' pages, the
 * copyright line and the location database's credit.
 */
export function Footer() {
  const trpc = useTRPC()
  const { LL } = useI18n()
  const lang = useCurrentLocale()
  const internal = [
    { path: 'imprint', label: LL.layout.footer.legalNotice() },
    { path: 'tos', label: LL.layout.footer.terms() },
    { path: 'privacy', label: LL.layout.footer.privacy() },
    { path: '2257', label: LL.layout.footer.recordKeeping() },
    { path: 'report', label: LL.layout.footer.report() },
    { path: 'contact', label: LL.layout.footer.contact() },
    { path: 'faq', label: LL.layout.footer.faq() },
    { path: 'age-assurance', label: LL.layout.footer.ageAssurance() },
  ]
  const settings = useQuery(trpc.site.settings.queryOptions(undefined, { staleTime: Infinity }))
  const external = settings.data
    ? [
        { href: settings.data.billingSupportUrl, label: LL.layout.footer.billingSupport() },
        { href: settings.data.webmasterUrl, label: LL.layout.footer.webmasters() },
      ].filter((link) => link.href)
    : []

  return (
    <footer className={s.footer}>
      <div className={s.stack}>
        <nav aria-label={LL.layout.footer.label()} className={s.links} data-nav="">
          {internal.map((link) => (
            <a key={link.path} href={`/${lang}/${link.path}`} className={`mantine-focus-auto ${s.link}`}>
              {link.label}
            </a>
          ))}
          {external.map((link) => (
            <a key={link.href} href={link.href} target="_blank" rel="noopener noreferrer" className={`mantine-focus-auto ${s.link}`}>
              {link.label}
              <span className="visually-hidden"> {LL.layout.footer.externalHint()}</span>
            </a>
          ))}
        </nav>
        <Copyright className={s.small} />
        {/* The visitor's place comes from DB-IP Lite, whose licence (CC BY 4.0) asks for this link. */}
        <a href="https://db-ip.com" rel="noopener" className={`mantine-focus-auto ${s.small}`}>
          IP Geolocation by DB-IP
        </a>
      </div>
    </footer>
  )
}

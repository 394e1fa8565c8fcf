import { useEffect } from 'react'
import { useLocation } from '@tanstack/react-router'
import { LOCALES, isLocale } from '../../server/domain/locale.js'
import { translations, getActiveLocale } from './locale'

/**
 * Keeps the document title and the alternate-language links in step with client-side
 * navigation (the server writes the same on the first load).
 * `title` undefined: the home title without suffix.
 */
export function useDocumentHead(title?: string): void {
  const { pathname } = useLocation()
  useEffect(() => {
    const t = translations(getActiveLocale())
    document.title = title ? t.meta.titleSuffix({ title }) : t.meta.home()
    setAlternateLinks(pathname)
  }, [title, pathname])
}

function setAlternateLinks(pathname: string): void {
  for (const link of document.head.querySelectorAll('link[rel="alternate"][hreflang]')) link.remove()
  const [, first, ...rest] = pathname.split('/')
  if (!isLocale(first)) return
  const origin = window.location.origin
  const alternates = [...LOCALES.map((l) => [l, l] as const), ['x-default', 'de'] as const]
  for (const [hreflang, locale] of alternates) {
    const link = document.createElement('link')
    link.rel = 'alternate'
    link.hreflang = hreflang
    link.href = `${origin}/${[locale, ...rest].join('/')}`.replace(/\/$/, '')
    document.head.appendChild(link)
  }
}

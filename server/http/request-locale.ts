import { detectLocale, type Locale } from '../../core/domain/locale.js'

type Headers = Record<string, string | string[] | undefined>

/**
 * The language of a request, by the domain's detection rule: the client's page locale in
 * x-locale, then the Accept-Language entries in the order sent; otherwise the default (de).
 */
export function requestLocale(headers: Headers): Locale {
  const explicit = typeof headers['x-locale'] === 'string' ? headers['x-locale'] : undefined
  const accept = typeof headers['accept-language'] === 'string' ? headers['accept-language'] : ''
  return detectLocale([explicit, ...accept.split(',').map((part) => part.split(';')[0])])
}

import type { FormattersInitializer } from 'typesafe-i18n'
import type { Locales, Formatters } from './i18n-types.js'

export const initFormatters: FormattersInitializer<Locales, Formatters> = (locale: Locales) => {
	// Made on first use: the browser's first Intl object starts ICU (about 13 ms on a phone-class
	// core), which a page that formats no number while it starts need not pay.
	let grouped: Intl.NumberFormat | undefined

	const formatters: Formatters = {
		/** 12345 → 12,345 (en), 12.345 (de) */
		grouped: (value: number) => (grouped ??= new Intl.NumberFormat(locale)).format(value),
	}

	return formatters
}

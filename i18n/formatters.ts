import type { FormattersInitializer } from 'typesafe-i18n'
import type { Locales, Formatters } from './i18n-types.js'

export const initFormatters: FormattersInitializer<Locales, Formatters> = (locale: Locales) => {
	const grouped = new Intl.NumberFormat(locale)

	const formatters: Formatters = {
		/** 12345 → 12,345 (en), 12.345 (de) */
		grouped: (value: number) => grouped.format(value),
	}

	return formatters
}

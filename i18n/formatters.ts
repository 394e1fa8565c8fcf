import type { FormattersInitializer } from 'typesafe-i18n'
import type { Locales, Formatters } from './i18n-types.js'
import { formatNumber } from './numbers.js'

export const initFormatters: FormattersInitializer<Locales, Formatters> = (locale: Locales) => {
	const formatters: Formatters = {
		/** 12345 → 12,345 (en), 12.345 (de) */
		grouped: (value: number) => formatNumber(value, locale),
	}

	return formatters
}

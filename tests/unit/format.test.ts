import { describe, expect, it } from 'vitest'
import { countText, formatDuration, formatNumber, relativeTimeParts } from '../../src/lib/format.js'
import { LOCALES } from '../../core/domain/locale.js'
import { i18nObject } from '../../i18n/i18n-util.js'
import { loadAllLocales } from '../../i18n/i18n-util.sync.js'

const now = new Date('2026-11-22T12:00:00Z')
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000)

describe('relativeTimeParts', () => {
  it('uses the largest whole unit, negative in the past', () => {
    expect(relativeTimeParts(ago(30), now)).toEqual({ value: -30, unit: 'second' })
    expect(relativeTimeParts(ago(90), now)).toEqual({ value: -1, unit: 'minute' })
    expect(relativeTimeParts(ago(3 * 3600), now)).toEqual({ value: -3, unit: 'hour' })
    expect(relativeTimeParts(ago(3 * 86_400), now)).toEqual({ value: -3, unit: 'day' })
    expect(relativeTimeParts(ago(15 * 86_400), now)).toEqual({ value: -2, unit: 'week' })
    expect(relativeTimeParts(ago(70 * 86_400), now)).toEqual({ value: -2, unit: 'month' })
    expect(relativeTimeParts(ago(800 * 86_400), now)).toEqual({ value: -2, unit: 'year' })
  })

  it('counts forward for release dates ahead', () => {
    expect(relativeTimeParts(new Date(now.getTime() + 2 * 86_400_000), now)).toEqual({ value: 2, unit: 'day' })
  })
})

describe('countText', () => {
  const texts = { one: ({ count }: { count: number }) => `${count} video`, other: ({ count }: { count: number }) => `${count} videos` }
  it('picks the form by the language’s plural rules', () => {
    expect(countText(texts, 1, 'en')).toBe('1 video')
    expect(countText(texts, 0, 'en')).toBe('0 videos')
    expect(countText(texts, 0, 'fr')).toBe('0 video')
    expect(countText(texts, 2, 'de')).toBe('2 videos')
  })
})

describe('formatDuration', () => {
  it('shows minutes and seconds, and hours when there are any', () => {
    expect(formatDuration(75)).toBe('1:15')
    expect(formatDuration(3725)).toBe('1:02:05')
  })
})

describe('formatNumber', () => {
  it('reads every whole number below 1000 as Intl does in each language, without asking it', () => {
    for (const locale of LOCALES) {
      const intl = new Intl.NumberFormat(locale)
      for (let n = 0; n < 1000; n++) expect(formatNumber(n, locale)).toBe(intl.format(n))
    }
  })

  it('groups larger, negative and fractional numbers by the language', () => {
    expect(formatNumber(16_301, 'en')).toBe('16,301')
    expect(formatNumber(16_301, 'de')).toBe('16.301')
    expect(formatNumber(1_234_567, 'fr')).toBe(new Intl.NumberFormat('fr').format(1_234_567))
    expect(formatNumber(-5, 'de')).toBe(new Intl.NumberFormat('de').format(-5))
    expect(formatNumber(2.5, 'de')).toBe('2,5')
  })
})

describe('the dictionaries’ counts', () => {
  it('write their number as formatNumber does: grouped by the language, small ones without Intl', () => {
    loadAllLocales()
    for (const locale of LOCALES) {
      const LL = i18nObject(locale)
      for (const count of [0, 2, 999, 1000, 16_301, 1_234_567]) {
        expect(LL.catalog.count.videos.other({ count }), `${locale} ${count}`).toContain(formatNumber(count, locale))
      }
    }
    expect(i18nObject('de').catalog.count.videos.other({ count: 16_301 })).toBe('16.301 Videos')
    expect(i18nObject('en').catalog.count.videos.other({ count: 16_301 })).toBe('16,301 videos')
  })
})

import { describe, expect, it } from 'vitest'
import { detectLocale, localize, normalizeLocale } from '../../core/domain/locale.js'

describe('normalizeLocale', () => {
  it('removes the region suffix and the case', () => {
    expect(normalizeLocale('de-AT')).toBe('de')
    expect(normalizeLocale('EN_us')).toBe('en')
    expect(normalizeLocale('fr')).toBe('fr')
  })
  it('refuses unsupported languages', () => {
    expect(normalizeLocale('pt-BR')).toBeUndefined()
    expect(normalizeLocale('')).toBeUndefined()
    expect(normalizeLocale(null)).toBeUndefined()
  })
})

describe('detectLocale', () => {
  it('prefers the page language attribute over the stored choice', () => {
    expect(detectLocale(['it-IT', 'es'])).toBe('it')
  })
  it('falls back to the stored choice when the attribute is empty or unsupported', () => {
    expect(detectLocale(['', 'es'])).toBe('es')
    expect(detectLocale(['pt', 'fr-CA'])).toBe('fr')
  })
  it('falls back to de', () => {
    expect(detectLocale([undefined, null])).toBe('de')
    expect(detectLocale(['nl', 'pl'])).toBe('de')
  })
})

describe('localize', () => {
  it('returns the requested locale when present', () => {
    expect(localize({ de: 'Hallo', en: 'Hello', fr: 'Bonjour' }, 'fr')).toBe('Bonjour')
  })
  it('falls back to de, then en', () => {
    expect(localize({ de: 'Hallo', en: 'Hello' }, 'it')).toBe('Hallo')
    expect(localize({ en: 'Hello', es: 'Hola' }, 'it')).toBe('Hello')
  })
  it('treats empty strings as missing and never returns undefined', () => {
    expect(localize({ fr: '', en: 'Hello' }, 'fr')).toBe('Hello')
    expect(localize({ es: 'Hola' }, 'it')).toBe('')
    expect(localize(null, 'de')).toBe('')
  })
})

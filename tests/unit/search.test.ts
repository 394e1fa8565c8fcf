import { describe, expect, it } from 'vitest'
import { foldText, roundEstimate, searchTerms } from '../../core/domain/catalog/search.js'

describe('searchTerms', () => {
  it('folds case and accents like the stored search columns', () => {
    expect(foldText('Jardín Bibliothèque ÜBER')).toBe('jardin bibliotheque uber')
    expect(searchTerms('  Jardín  at   Dawn ')).toEqual({ text: 'jardin at dawn', words: ['jardin', 'at', 'dawn'] })
  })

  it('keeps only letters and digits, so the full-text query is always valid', () => {
    expect(searchTerms("rooftop's & (midnight) | !x:*")?.words).toEqual(['rooftop', 's', 'midnight', 'x'])
    expect(searchTerms("'; drop table video; --")?.words).toEqual(['drop', 'table', 'video'])
  })

  it('answers nothing to search for with null', () => {
    expect(searchTerms('')).toBeNull()
    expect(searchTerms(undefined)).toBeNull()
    expect(searchTerms('*** ??? ...')).toBeNull()
  })

  it('uses at most six words', () => {
    expect(searchTerms('a b c d e f g h')?.words).toHaveLength(6)
  })
})

describe('roundEstimate', () => {
  it('keeps two significant digits, so an estimate does not look like a count', () => {
    expect(roundEstimate(4871)).toBe(4900)
    expect(roundEstimate(12_345)).toBe(12_000)
    expect(roundEstimate(2_004)).toBe(2_000)
    expect(roundEstimate(99_960)).toBe(100_000)
    expect(roundEstimate(150)).toBe(150)
    expect(roundEstimate(42.4)).toBe(42)
  })
})

import { describe, expect, it } from 'vitest'
import { foldText, searchTerms } from '../../server/domain/search.js'

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

import { describe, expect, it } from 'vitest'
import {
  BREAKPOINTS,
  MAX_PER_PAGE,
  clampPage,
  lastPage,
  normalizePerPage,
  normalizeSort,
  pageSizeFor,
  paginationMiddleCount,
  paginationWindow,
  sortsFor,
  type PaginationItem,
} from '../../core/domain/catalog/list.js'

describe('sorts', () => {
  it('offer the spec’s sorts per list, newest first', () => {
    expect(sortsFor('videos')).toEqual(['newest', 'most_watched', 'best_rated', 'longest'])
    expect(sortsFor('imageSets')).toEqual(['newest', 'most_watched', 'best_rated', 'longest'])
    expect(sortsFor('models')).toEqual(['newest', 'best_rated', 'alphabetic'])
    expect(sortsFor('videos', true)[0]).toBe('relevance')
  })

  it('fall back to newest for anything a list does not know, with the natural direction', () => {
    expect(normalizeSort('videos', { name: 'alphabetic' })).toEqual({ name: 'newest', direction: 'desc' })
    expect(normalizeSort('models', { name: 'longest' })).toEqual({ name: 'newest', direction: 'desc' })
    expect(normalizeSort('videos', { name: 42 })).toEqual({ name: 'newest', direction: 'desc' })
    expect(normalizeSort('videos', null)).toEqual({ name: 'newest', direction: 'desc' })
    expect(normalizeSort('videos', { name: 'relevance' })).toEqual({ name: 'newest', direction: 'desc' })
    expect(normalizeSort('videos', { name: 'relevance' }, true)).toEqual({ name: 'relevance', direction: 'desc' })
    expect(normalizeSort('videos', {}, true).name).toBe('relevance')
  })

  it('keep a valid direction and repair an invalid one', () => {
    expect(normalizeSort('videos', { name: 'best_rated', direction: 'asc' })).toEqual({ name: 'best_rated', direction: 'asc' })
    expect(normalizeSort('models', { name: 'alphabetic' })).toEqual({ name: 'alphabetic', direction: 'asc' })
    expect(normalizeSort('models', { name: 'alphabetic', direction: 'up' })).toEqual({ name: 'alphabetic', direction: 'asc' })
  })
})

describe('pages', () => {
  it('count at least one page', () => {
    expect(lastPage(0, 30)).toBe(1)
    expect(lastPage(30, 30)).toBe(1)
    expect(lastPage(31, 30)).toBe(2)
    expect(lastPage(100_000, 30)).toBe(3334)
  })

  it('turn a page below 1 into 1 and a page past the last into the last', () => {
    expect(clampPage(0, 100, 30)).toBe(1)
    expect(clampPage(-3, 100, 30)).toBe(1)
    expect(clampPage(Number.NaN, 100, 30)).toBe(1)
    expect(clampPage('2', 100, 30)).toBe(1)
    expect(clampPage(2.7, 100, 30)).toBe(2)
    expect(clampPage(4, 100, 30)).toBe(4)
    expect(clampPage(5, 100, 30)).toBe(4)
    expect(clampPage(99, 0, 30)).toBe(1)
  })

  it('cap per_page and replace an unusable one by the default', () => {
    expect(normalizePerPage(10)).toBe(10)
    expect(normalizePerPage(10_000)).toBe(MAX_PER_PAGE)
    expect(normalizePerPage(0)).toBe(30)
    expect(normalizePerPage(-5)).toBe(30)
    expect(normalizePerPage(Number.POSITIVE_INFINITY)).toBe(30)
    expect(normalizePerPage(12.9)).toBe(12)
  })
})

describe('page sizes by breakpoint (spec section 9)', () => {
  it('give videos and image sets 30 from lg, 20 from sm, else 10', () => {
    const sizes = BREAKPOINTS.map((b) => pageSizeFor('videos', b))
    expect(sizes).toEqual([10, 10, 20, 20, 30, 30])
    expect(BREAKPOINTS.map((b) => pageSizeFor('imageSets', b))).toEqual(sizes)
  })

  it('give models 30 only from xl', () => {
    expect(BREAKPOINTS.map((b) => pageSizeFor('models', b))).toEqual([10, 10, 20, 20, 20, 30])
  })
})

describe('pagination window (spec section 9)', () => {
  const show = (items: PaginationItem[]) => items.map((item) => (item.type === 'gap' ? '…' : String(item.page))).join(' ')

  it('shows 5 middle pages on wide screens and 3 on narrow ones', () => {
    expect(paginationMiddleCount('lg')).toBe(5)
    expect(paginationMiddleCount('sm')).toBe(5)
    expect(paginationMiddleCount('xs')).toBe(3)
    expect(paginationMiddleCount('base')).toBe(3)
  })

  it('lists every page when they fit', () => {
    expect(show(paginationWindow(1, 1, 5))).toBe('1')
    expect(show(paginationWindow(3, 7, 5))).toBe('1 2 3 4 5 6 7')
    expect(show(paginationWindow(2, 5, 3))).toBe('1 2 3 4 5')
  })

  it('keeps the first and the last page and centres the current one', () => {
    expect(show(paginationWindow(10, 20, 5))).toBe('1 … 8 9 10 11 12 … 20')
    expect(show(paginationWindow(10, 20, 3))).toBe('1 … 9 10 11 … 20')
  })

  it('shifts the window at the edges instead of shrinking it', () => {
    expect(show(paginationWindow(1, 20, 5))).toBe('1 2 3 4 5 6 … 20')
    expect(show(paginationWindow(2, 20, 5))).toBe('1 2 3 4 5 6 … 20')
    expect(show(paginationWindow(20, 20, 5))).toBe('1 … 15 16 17 18 19 20')
    expect(show(paginationWindow(19, 20, 3))).toBe('1 … 17 18 19 20')
  })

  it('never shows more middle pages than allowed, and clamps a wrong current page', () => {
    for (let page = 1; page <= 50; page++) {
      for (const middle of [3, 5]) {
        const pages = paginationWindow(page, 50, middle).filter((item) => item.type === 'page')
        expect(pages.length).toBeLessThanOrEqual(middle + 2)
        expect(pages.some((item) => item.type === 'page' && item.page === page)).toBe(true)
      }
    }
    expect(show(paginationWindow(99, 20, 3))).toBe('1 … 17 18 19 20')
  })
})

import { describe, expect, it } from 'vitest'
import { isOverdue, overdueIfReceivedBefore, reportDue, reportedItemOf } from '../../core/domain/site/reports.js'

describe('reportDue: 7 business days after the day of arrival (Europe/Berlin), weekends skipped', () => {
  it('a report on a Friday evening is due at the end of the Tuesday of the week after next', () => {
    // Friday 27 November 2026, 19:30 in Berlin (18:30 UTC).
    const due = reportDue(new Date('2026-11-27T18:30:00Z'))
    expect(due.day).toBe('2026-12-08')
    // The end of that Tuesday in Berlin (CET, UTC+1).
    expect(due.at.toISOString()).toBe('2026-12-08T23:00:00.000Z')
  })

  it('late on Friday by UTC but already Saturday in Berlin, and the weekend itself, are due the same Tuesday', () => {
    expect(reportDue(new Date('2026-11-27T22:59:59Z')).day).toBe('2026-12-08') // Friday 23:59:59 in Berlin
    expect(reportDue(new Date('2026-11-27T23:30:00Z')).day).toBe('2026-12-08') // Saturday 00:30 in Berlin
    expect(reportDue(new Date('2026-11-28T12:00:00Z')).day).toBe('2026-12-08') // Saturday
    expect(reportDue(new Date('2026-11-29T22:59:00Z')).day).toBe('2026-12-08') // Sunday 23:59
  })

  it('a Monday report, early or late, is due on the Wednesday of the next week; the day of arrival does not count', () => {
    expect(reportDue(new Date('2026-11-29T23:00:00Z')).day).toBe('2026-12-09') // Monday 00:00 in Berlin
    expect(reportDue(new Date('2026-11-30T22:59:00Z')).day).toBe('2026-12-09') // Monday 23:59
  })

  it('a Thursday report crosses one weekend and is due on the Monday after next', () => {
    expect(reportDue(new Date('2026-11-26T10:00:00Z')).day).toBe('2026-12-07')
  })

  it('the end of the due day follows the clock change (summer time starts on 29 March 2026)', () => {
    const due = reportDue(new Date('2026-03-20T15:00:00Z'))
    expect(due.day).toBe('2026-03-31')
    expect(due.at.toISOString()).toBe('2026-03-31T22:00:00.000Z') // midnight CEST, UTC+2
  })

  it('an open report is overdue from the end of its due day on; a decided one never', () => {
    const receivedAt = new Date('2026-11-27T18:30:00Z')
    const dueAt = reportDue(receivedAt).at
    expect(isOverdue({ state: 'new', receivedAt }, new Date(dueAt.getTime() - 1))).toBe(false)
    expect(isOverdue({ state: 'new', receivedAt }, dueAt)).toBe(true)
    expect(isOverdue({ state: 'inReview', receivedAt }, new Date('2027-01-01T00:00:00Z'))).toBe(true)
    expect(isOverdue({ state: 'removed', receivedAt }, new Date('2027-01-01T00:00:00Z'))).toBe(false)
    expect(isOverdue({ state: 'rejected', receivedAt }, new Date('2027-01-01T00:00:00Z'))).toBe(false)
  })

  it('overdueIfReceivedBefore is the same rule as a bound on the arrival, at any moment (also across the clock change)', () => {
    const hour = 3_600_000
    const arrivals = Array.from({ length: 24 * 40 }, (_, i) => new Date(Date.parse('2026-03-01T00:17:00Z') + i * hour)).map((receivedAt) => ({
      receivedAt,
      dueAt: reportDue(receivedAt).at,
    }))
    for (let now = Date.parse('2026-03-10T00:00:00Z'); now < Date.parse('2026-04-12T00:00:00Z'); now += 7 * hour) {
      const bound = overdueIfReceivedBefore(new Date(now))
      for (const { receivedAt, dueAt } of arrivals) {
        const overdue = now >= dueAt.getTime()
        if (overdue !== receivedAt.getTime() < bound.getTime()) expect({ now: new Date(now), receivedAt, overdue }).toBe('consistent')
      }
    }
    // Tuesday 8 December 2026, 23:00 UTC is when Friday 27 November's reports fall due: they, and nothing later, are overdue.
    expect(overdueIfReceivedBefore(new Date('2026-12-08T23:00:00Z')).toISOString()).toBe('2026-11-29T23:00:00.000Z')
    expect(overdueIfReceivedBefore(new Date('2026-12-08T22:59:59Z')).toISOString()).toBe('2026-11-26T23:00:00.000Z')
  })
})

describe('reportedItemOf', () => {
  const site = 'http://localhost:3000'
  it('names videos, image sets and models of this site, in any language, with query or trailing slash', () => {
    expect(reportedItemOf('http://localhost:3000/de/videos/12', site)).toEqual({ kind: 'video', id: 12 })
    expect(reportedItemOf(' http://www.localhost:3000/en/images/3/ ', site)).toEqual({ kind: 'imageSet', id: 3 })
    expect(reportedItemOf('http://localhost:3000/it/models/5?type=images#top', site)).toEqual({ kind: 'model', id: 5 })
    expect(reportedItemOf('http://localhost:3000/videos/7', site)).toEqual({ kind: 'video', id: 7 })
  })
  it('is null for other pages, malformed ids and other sites', () => {
    for (const url of [
      'http://localhost:3000/de/faq',
      'http://localhost:3000/de/videos',
      'http://localhost:3000/de/videos/0',
      'http://localhost:3000/de/videos/12abc',
      'http://localhost:3000/de/videos/99999999999',
      'http://localhost:3000/xx/videos/12',
      'http://localhost:3000/de/videos/12/extra',
      'http://example.com/de/videos/12',
      'not a url',
    ]) {
      expect(reportedItemOf(url, site), url).toBeNull()
    }
  })
})

import { describe, expect, it } from 'vitest'
import { isMember } from '../../core/domain/billing/membership.js'

const now = new Date('2026-11-22T12:00:00Z')
const later = new Date('2026-12-22T12:00:00Z')
const earlier = new Date('2026-10-22T12:00:00Z')

describe('isMember', () => {
  it('is false for visitors', () => {
    expect(isMember(null, now)).toBe(false)
  })
  it('is true for users with a plan paid into the future', () => {
    expect(isMember({ role: 'user', activePlanUntil: later }, now)).toBe(true)
  })
  it('is false for users without a plan or with an expired one', () => {
    expect(isMember({ role: 'user', activePlanUntil: null }, now)).toBe(false)
    expect(isMember({ role: 'user', activePlanUntil: earlier }, now)).toBe(false)
    expect(isMember({ role: 'user', activePlanUntil: now }, now)).toBe(false)
  })
  it('is true for admins and permanent access without a plan', () => {
    expect(isMember({ role: 'admin', activePlanUntil: null }, now)).toBe(true)
    expect(isMember({ role: 'permanentAccess', activePlanUntil: null }, now)).toBe(true)
  })
})

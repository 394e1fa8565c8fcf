import { describe, expect, it } from 'vitest'
import { isDatabaseUnavailable } from '../../core/db/orm.js'

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code })

describe('isDatabaseUnavailable: 503 for a database that is away, 500 for everything else', () => {
  it('knows a refused or lost connection, a restart, a timeout', () => {
    for (const error of [
      withCode('ECONNREFUSED'),
      withCode('ECONNRESET'),
      withCode('57P01', 'terminating connection due to administrator command'),
      withCode('57P03', 'the database system is starting up'),
      withCode('57014', 'canceling statement due to statement timeout'),
      withCode('08006'),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Query read timeout'),
      new Error('wrapped', { cause: withCode('ECONNREFUSED') }),
    ]) {
      expect(isDatabaseUnavailable(error), String(error)).toBe(true)
    }
  })

  it('leaves other failures alone', () => {
    for (const error of [withCode('42P01', 'relation "video" does not exist'), withCode('23505'), new Error('boom'), null, undefined, 'text']) {
      expect(isDatabaseUnavailable(error), String(error)).toBe(false)
    }
  })
})

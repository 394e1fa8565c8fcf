import type { JobHelpers, Task } from 'graphile-worker'
import { describe, expect, it } from 'vitest'
import type { Orm } from '../../core/db/orm.js'
import { settleWhenDatabaseAnswers, writeWhenDatabaseAnswers } from '../../worker/settle-outcome.js'

/** An ORM whose `select 1` fails `downFor` times, then answers; records what happened when. */
function database(downFor: number, events: string[]) {
  let asked = 0
  const orm = {
    em: {
      getConnection: () => ({
        execute: async () => {
          asked++
          if (asked <= downFor) {
            events.push('database away')
            throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })
          }
          events.push('database answers')
          return [{ '?column?': 1 }]
        },
      }),
    },
  }
  return orm as unknown as Orm
}

const helpers = (signal = new AbortController().signal) => ({ abortSignal: signal }) as unknown as JobHelpers

describe('a task hands its outcome back only when the database answers', () => {
  it('waits after success until the database is back, then returns', async () => {
    const events: string[] = []
    const task: Task = async () => void events.push('task done')
    const lines: string[] = []
    await settleWhenDatabaseAnswers(task, database(3, events), (line) => lines.push(line), { retryMs: 1 })({}, helpers())
    expect(events).toEqual(['task done', 'database away', 'database away', 'database away', 'database answers'])
    expect(lines).toHaveLength(2)
  })

  it('waits after a failure too, then fails (graphile-worker retries the job)', async () => {
    const events: string[] = []
    const task: Task = async () => {
      events.push('task failed')
      throw new Error('boom')
    }
    await expect(settleWhenDatabaseAnswers(task, database(1, events), () => undefined, { retryMs: 1 })({}, helpers())).rejects.toThrow('boom')
    expect(events).toEqual(['task failed', 'database away', 'database answers'])
  })

  it('asks once when the database is there, and stops waiting on shutdown or after the longest wait', async () => {
    const events: string[] = []
    await settleWhenDatabaseAnswers(
      async () => undefined,
      database(0, events),
      () => undefined,
    )({}, helpers())
    expect(events).toEqual(['database answers'])

    const aborted = new AbortController()
    aborted.abort()
    const gone: string[] = []
    await settleWhenDatabaseAnswers(
      async () => undefined,
      database(1000, gone),
      () => undefined,
      { retryMs: 1 },
    )({}, helpers(aborted.signal))
    expect(gone).toEqual(['database away'])

    const long: string[] = []
    await settleWhenDatabaseAnswers(
      async () => undefined,
      database(1000, long),
      () => undefined,
      { retryMs: 5, maxWaitMs: 30 },
    )({}, helpers())
    expect(long.length).toBeGreaterThan(1)
    expect(long.every((event) => event === 'database away')).toBe(true)
  })
})

describe('the result of finished work is written once the database answers', () => {
  const starting = () => Object.assign(new Error('the database system is starting up'), { code: '57P03' })

  it('writes again after an outage (here: PostgreSQL still starting up), once it answers', async () => {
    const events: string[] = []
    let writes = 0
    const write = async () => {
      writes++
      if (writes <= 2) {
        events.push('write refused')
        throw starting()
      }
      events.push('written')
      return 'ok'
    }
    await expect(writeWhenDatabaseAnswers(database(1, events), write, undefined, () => undefined, { retryMs: 1 })).resolves.toBe('ok')
    expect(events).toEqual(['write refused', 'database away', 'database answers', 'write refused', 'database answers', 'written'])
  })

  it('throws at once an error that is not an outage, and gives up on shutdown or after the longest wait', async () => {
    const events: string[] = []
    const wrong = async () => {
      events.push('write refused')
      throw new Error('duplicate key value violates unique constraint')
    }
    await expect(writeWhenDatabaseAnswers(database(0, events), wrong, undefined, () => undefined)).rejects.toThrow('duplicate key')
    expect(events).toEqual(['write refused'])

    const aborted = new AbortController()
    aborted.abort()
    await expect(
      writeWhenDatabaseAnswers(
        database(0, []),
        async () => Promise.reject(starting()),
        aborted.signal,
        () => undefined,
      ),
    ).rejects.toThrow('starting up')

    const away: string[] = []
    const never = async () => Promise.reject(starting())
    await expect(writeWhenDatabaseAnswers(database(1000, away), never, undefined, () => undefined, { retryMs: 5, maxWaitMs: 30 })).rejects.toThrow(
      'starting up',
    )
    expect(away.length).toBeGreaterThan(1)
  })
})

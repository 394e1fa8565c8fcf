import { describe, expect, it } from 'vitest'
import { TASK_NAMES } from '../../core/services/ops/jobs.js'
import { MEDIA_TASKS } from '../../core/services/media/ingest.js'
import { assertCrontabTasksExist, assertEveryTaskHandled, CRONTAB } from '../../worker/tasks/index.js'

const handlers = (names: readonly string[]) => Object.fromEntries(names.map((name) => [name, () => undefined]))

describe('the task registry', () => {
  it('accepts a task list that handles exactly the registered tasks', () => {
    expect(() => assertEveryTaskHandled(handlers(TASK_NAMES))).not.toThrow()
  })

  it('refuses a task list that misses a task or handles an unknown one', () => {
    expect(() => assertEveryTaskHandled(handlers(TASK_NAMES.filter((name) => name !== 'send_mail')))).toThrow(/differ/)
    expect(() => assertEveryTaskHandled(handlers([...TASK_NAMES, 'send_mails']))).toThrow(/differ/)
  })

  it('registers the media tasks and every task the crontab runs', () => {
    for (const name of Object.values(MEDIA_TASKS)) expect(TASK_NAMES).toContain(name)
    expect(() => assertCrontabTasksExist(handlers(TASK_NAMES), CRONTAB)).not.toThrow()
    expect(() => assertCrontabTasksExist(handlers(TASK_NAMES), `${CRONTAB}\n0 3 * * * backup_databases`)).toThrow(/unknown task/)
  })
})

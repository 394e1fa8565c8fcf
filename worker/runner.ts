import { run, type Runner } from 'graphile-worker'
import type { WorkerDeps } from './deps.js'
import { assertCrontabTasksExist, createTaskList, CRONTAB } from './tasks/index.js'

export async function startWorker(deps: WorkerDeps, databaseUrl: string): Promise<Runner> {
  const taskList = createTaskList(deps)
  assertCrontabTasksExist(taskList, CRONTAB)
  return run({
    connectionString: databaseUrl,
    concurrency: deps.config.workerConcurrency,
    noHandleSignals: true,
    pollInterval: 1000,
    taskList,
    crontab: CRONTAB,
  })
}

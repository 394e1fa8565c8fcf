import { Logger, type LogLevel } from 'graphile-worker'
import pino from 'pino'
import type { Config } from '../core/config.js'
import { redactLogLine } from '../core/redact.js'
import { jobRequestId } from '../core/services/ops/jobs.js'

export type WorkerLog = pino.Logger

/**
 * The worker's log: JSON lines like the server's (pino), through the same last guard
 * against secrets. A job that a request queued logs that request's id as `reqId`, the
 * field the server's request lines use, so one search finds both.
 */
export function createWorkerLog(config: Pick<Config, 'logLevel'>, stream?: NodeJS.WritableStream): WorkerLog {
  const options: pino.LoggerOptions = { level: config.logLevel, base: { process: 'worker', pid: process.pid }, hooks: { streamWrite: redactLogLine } }
  return stream ? pino(options, stream as pino.DestinationStream) : pino(options)
}

const LEVELS: Record<LogLevel, 'error' | 'warn' | 'info' | 'debug'> = { error: 'error', warning: 'warn', info: 'info', debug: 'debug' }

/**
 * graphile-worker's logger on top of the worker's log. `requestIdOf(jobId)` finds the
 * request id of a running job (its task's own lines carry only the job id); graphile-worker's
 * lines about a job carry the job itself.
 */
export function graphileLogger(log: WorkerLog, requestIdOf: (jobId: string) => string | undefined): Logger {
  return new Logger((scope) => {
    const child = log.child({
      ...(scope.label ? { label: scope.label } : {}),
      ...(scope.taskIdentifier ? { task: scope.taskIdentifier } : {}),
      ...(scope.jobId ? { jobId: scope.jobId } : {}),
    })
    return (level, message, meta) => {
      const job = (meta as { job?: { id?: string; payload?: unknown } }).job
      const reqId = jobRequestId(job?.payload) ?? (scope.jobId ? requestIdOf(scope.jobId) : undefined) ?? (job?.id ? requestIdOf(job.id) : undefined)
      // graphile-worker's meta holds whole job rows (payloads may name people): only the id goes out.
      child[LEVELS[level]]({ ...(reqId ? { reqId } : {}), ...(job?.id && !scope.jobId ? { jobId: job.id } : {}) }, message)
    }
  })
}

import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import { createRegistry } from '../../core/metrics.js'
import { ServerMetrics } from '../../server/metrics/server-metrics.js'
import type { Orm } from '../../core/db/orm.js'
import { WorkerMetrics } from '../../worker/metrics.js'

/** Every series the Grafana dashboard asks for is one the processes export. */
describe('ops/grafana-dashboard.json', () => {
  it('uses only metrics the server and the worker export', () => {
    const server = createRegistry()
    new ServerMetrics(server, () => Promise.reject(new Error('not scraped here')), 20)
    const worker = createRegistry()
    new WorkerMetrics(worker, {} as Orm, '/nonexistent')
    const exported = new Set<string>()
    for (const metric of [...server.getMetricsAsArray(), ...worker.getMetricsAsArray()]) {
      const { name, type } = metric as unknown as { name: string; type: string }
      exported.add(name)
      if (type === 'histogram') for (const suffix of ['_bucket', '_count', '_sum']) exported.add(`${name}${suffix}`)
    }

    const dashboard = JSON.parse(fs.readFileSync('ops/grafana-dashboard.json', 'utf8')) as { panels: Array<{ targets?: Array<{ expr: string }> }> }
    const exprs = dashboard.panels.flatMap((panel) => panel.targets ?? []).map((target) => target.expr)
    expect(exprs.length).toBeGreaterThan(15)
    const used = new Set(exprs.flatMap((expr) => expr.match(/\b(streamclub|nodejs|process)_[a-z0-9_]+/g) ?? []))
    expect([...used].filter((name) => !exported.has(name))).toEqual([])
    // Each of the measures appears.
    for (const needed of [
      'streamclub_http_request_duration_seconds_bucket',
      'streamclub_trpc_procedure_duration_seconds_bucket',
      'streamclub_db_pool_connections',
      'nodejs_eventloop_lag_p99_seconds',
      'process_resident_memory_bytes',
      'streamclub_worker_jobs',
      'streamclub_worker_job_duration_seconds_bucket',
      'streamclub_worker_oldest_queued_job_age_seconds',
      'streamclub_transcode_media_seconds_total',
      'streamclub_releases_total',
      'streamclub_backup_last_timestamp_seconds',
    ]) {
      expect(used, needed).toContain(needed)
    }
  })
})

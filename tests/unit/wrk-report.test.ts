import { describe, expect, it } from 'vitest'
import { durationMs, parseWrk } from '../../scripts/bench/wrk.js'

// Reports as Debian's wrk 4.1 printed them here (bench:web reads them).
const notFound = `Running 2s test @ http://localhost:5900/nope-404
  1 threads and 8 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency     1.32ms    2.66ms  33.77ms   95.76%
    Req/Sec     9.06k     2.36k   12.33k    70.00%
  Latency Distribution
     50%  751.00us
     75%    0.90ms
     90%    1.58ms
     99%   14.05ms
  18027 requests in 2.00s, 91.05MB read
  Non-2xx or 3xx responses: 18027
Requests/sec:   9004.96
Transfer/sec:     45.48MB
`

const script = `Running 8s test @ http://localhost:5900/assets/main-BqL5169E.js
  1 threads and 64 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency     8.26ms    5.69ms 210.26ms   97.26%
    Req/Sec     8.02k     1.29k    9.51k    83.75%
  Latency Distribution
     50%    7.31ms
     75%    8.24ms
     90%   10.27ms
     99%    1.02s
  63956 requests in 8.02s, 8.13GB read
  Socket errors: connect 0, read 2, write 0, timeout 5
Requests/sec:   7976.50
Transfer/sec:      1.01GB
`

describe("wrk's report", () => {
  it('reads requests per second, the median and p99 in milliseconds', () => {
    expect(parseWrk(script)).toEqual({ rps: 7976.5, p50: 7.31, p99: 1020, errors: 7 })
  })

  it('counts answers that are not 2xx or 3xx as errors', () => {
    expect(parseWrk(notFound)).toMatchObject({ rps: 9004.96, p50: 0.751, errors: 18027 })
  })

  it('refuses a report without the latency distribution rather than inventing numbers', () => {
    expect(() => parseWrk(script.replace(/ {5}99%.*\n/, ''))).toThrow(/99%/)
    expect(() => durationMs('7 ms')).toThrow()
  })
})

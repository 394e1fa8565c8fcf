/** The part of autocannon's API the benchmark uses (the package ships no types). */
declare module 'autocannon' {
  interface Request {
    method?: string
    path?: string
    headers?: Record<string, string>
    /** Changes each request before it goes out (e.g. another path or cookie). */
    setupRequest?: (request: Request, context: Record<string, unknown>) => Request
  }
  interface Options {
    url: string
    requests?: Request[]
    connections?: number
    duration?: number
    pipelining?: number
    headers?: Record<string, string>
  }
  interface Histogram {
    average: number
    mean: number
    p50: number
    p90: number
    p97_5: number
    p99: number
    max: number
  }
  interface Result {
    requests: Histogram & { total: number }
    latency: Histogram
    errors: number
    timeouts: number
    non2xx: number
  }
  function autocannon(options: Options): Promise<Result>
  export default autocannon
}

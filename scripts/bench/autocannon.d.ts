/** The part of autocannon's API the benchmark uses (the package ships no types). */
declare module 'autocannon' {
  export interface Request {
    method?: string
    path?: string
    headers?: Record<string, string>
    /** Changes each request before it goes out (e.g. another path or cookie). */
    setupRequest?: (request: Request, context: Record<string, unknown>) => Request
  }
  export interface Options {
    url: string
    requests?: Request[]
    connections?: number
    duration?: number
    pipelining?: number
    headers?: Record<string, string>
  }
  export interface Histogram {
    average: number
    mean: number
    p50: number
    p90: number
    p97_5: number
    p99: number
    max: number
  }
  export interface Result {
    requests: Histogram & { total: number }
    latency: Histogram
    errors: number
    timeouts: number
    non2xx: number
  }
  /** The run, awaitable; stop() ends it early (the result still arrives). */
  export interface Instance extends Promise<Result> {
    stop(): void
  }
  function autocannon(options: Options): Instance
  export default autocannon
}

/** The part of @20minutes/s3rver 5 (no types of its own) the tests and the cluster demo use. */
declare module '@20minutes/s3rver' {
  import type { Server } from 'node:http'
  interface S3rverOptions {
    address?: string
    port?: number
    directory: string
    silent?: boolean
    resetOnClose?: boolean
    configureBuckets?: Array<{ name: string; configs?: Array<string | Buffer> }>
  }
  export default class S3rver {
    constructor(options: S3rverOptions)
    run(): Promise<{ address: string; port: number }>
    close(): Promise<void>
    httpServer?: Server
  }
}

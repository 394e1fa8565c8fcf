import { execFile } from 'node:child_process'
import crypto from 'node:crypto'
import { promisify } from 'node:util'
import { HeadBucketCommand } from '@aws-sdk/client-s3'
import { describe, expect, inject, it } from 'vitest'
import { createS3Client } from '../../core/services/media/store-s3.js'
import { LOCAL_S3_CREDENTIALS, localS3Env } from '../../scripts/s3-server.js'

/** cli/create-bucket.ts against the tests' S3 server: creates the bucket once, then finds it. */
const run = (env: Record<string, string>) =>
  promisify(execFile)(process.execPath, ['--import', 'tsx', 'cli/create-bucket.ts'], {
    env: { PATH: process.env.PATH!, HOME: process.env.HOME!, ...env },
  }).then(
    ({ stdout }) => ({ code: 0, out: stdout }),
    (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, out: error.stdout + error.stderr }),
  )

describe('npm run bucket:create', () => {
  it('creates a missing bucket, leaves an existing one, and names missing settings', async () => {
    const endpoint = inject('testS3Endpoint')
    const bucket = `create-bucket-${crypto.randomBytes(4).toString('hex')}`
    const env = localS3Env(endpoint, bucket)
    expect(await run(env)).toEqual({ code: 0, out: `bucket ${bucket} at ${endpoint}: created\n` })
    const client = createS3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, ...LOCAL_S3_CREDENTIALS })
    await expect(client.send(new HeadBucketCommand({ Bucket: bucket }))).resolves.toBeDefined()
    client.destroy()
    expect(await run(env)).toEqual({ code: 0, out: `bucket ${bucket} at ${endpoint}: exists\n` })
    const { S3_BUCKET: _bucket, ...withoutBucket } = env
    const missing = await run(withoutBucket)
    expect(missing.code).toBe(1)
    expect(missing.out).toMatch(/S3_BUCKET: required when MEDIA_STORE=s3/)
  })
})

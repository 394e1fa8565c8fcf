import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { readEnvFile } from '../../core/bootstrap.js'

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'streamclub-env-'))
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

describe('readEnvFile', () => {
  it('adds what .env sets and the environment lacks; the environment wins', () => {
    const file = path.join(dir, '.env')
    fs.writeFileSync(file, '# a comment\nPUBLIC_URL=https://club.example.com\nPORT=8080\nMAIL_FROM="Club <no-reply@club.example.com>"\nEMPTY=\n')
    const env: NodeJS.ProcessEnv = { PORT: '3000' }
    readEnvFile(env, file)
    expect(env).toEqual({ PORT: '3000', PUBLIC_URL: 'https://club.example.com', MAIL_FROM: 'Club <no-reply@club.example.com>', EMPTY: '' })
  })
  it('does nothing without a .env', () => {
    const env: NodeJS.ProcessEnv = { PORT: '3000' }
    readEnvFile(env, path.join(dir, 'missing.env'))
    expect(env).toEqual({ PORT: '3000' })
  })
})

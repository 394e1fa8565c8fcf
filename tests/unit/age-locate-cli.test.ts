import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'

/** npm run age:locate -- <args>, as an operator runs it (its own data folder, the shipped policy). */
async function ageLocate(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'age-locate-'))
  const { AGE_POLICY_FILE: _policy, AGE_GEOIP_DIR: _data, DATABASE_URL: _db, ...env } = process.env
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'cli/age-locate.ts', ...args], {
      env: { ...env, DATA_DIR: dataDir },
    })
    return { code: 0, stdout, stderr }
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string }
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

describe('npm run age:locate', () => {
  it('places each address as the server does and names the rule it applies', async () => {
    const { code, stdout } = await ageLocate('69.76.144.0', '2600:1700::1', '217.160.0.1', '127.0.0.1')
    expect(code).toBe(0)
    const lines = stdout.trim().split('\n')
    expect(lines.slice(0, 4)).toEqual([
      '69.76.144.0  US US-TX  ip-database  rule us-av-states (front)',
      '2600:1700::1  US US-MI  ip-database  rule elsewhere (open)',
      '217.160.0.1  DE  ip-database  rule de (blur)',
      '127.0.0.1  -  local  rule local (open)',
    ])
    expect(lines[4]).toMatch(/^data: \S+country\S*\.mmdb \S+city-ipv4\S*\.mmdb \S+city-ipv6\S*\.mmdb$/)
  })

  it('refuses what is not an address, and no address at all, with exit code 2', async () => {
    expect(await ageLocate('69.76.144.0', '1.2.3')).toMatchObject({ code: 2, stdout: '', stderr: 'Not an IP address: 1.2.3\n' })
    expect(await ageLocate()).toMatchObject({ code: 2, stderr: expect.stringContaining('Usage: npm run age:locate') })
  })
})

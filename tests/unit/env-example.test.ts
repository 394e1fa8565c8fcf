import fs from 'node:fs'
import path from 'node:path'
import { parseEnv } from 'node:util'
import { describe, expect, it } from 'vitest'
import { loadConfig, SETTINGS } from '../../core/config.js'

/** .env.example: every setting core/config.ts parses, each with its default, and nothing else. */
const text = fs.readFileSync(path.resolve(import.meta.dirname, '../../.env.example'), 'utf8')
const settingLines = text.split('\n').filter((line) => /^# [A-Z][A-Z0-9_]*=/.test(line))
const uncommented = settingLines.map((line) => line.slice(2)).join('\n')
const listed = settingLines.map((line) => line.slice(2, line.indexOf('=')))
const base = { APP_SECRET: 'x'.repeat(32) }

describe('.env.example', () => {
  it('lists every setting of core/config.ts once, and nothing else', () => {
    expect(new Set(listed).size).toBe(listed.length)
    expect([...listed].sort()).toEqual([...SETTINGS].sort())
  })
  it('gives each setting its default: the whole file uncommented changes nothing', () => {
    const values = parseEnv(uncommented)
    expect(Object.keys(values).sort()).toEqual([...SETTINGS].sort())
    expect(loadConfig({ ...values, ...base })).toEqual(loadConfig(base))
    // And one by one, so a wrong default names its variable.
    for (const [key, value] of Object.entries(values)) {
      expect(loadConfig({ [key]: value, ...base }), key).toEqual(loadConfig(base))
    }
  })
})

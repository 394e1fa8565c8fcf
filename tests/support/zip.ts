import zlib from 'node:zlib'
import { expect } from 'vitest'

/** The entries of a zip written with stored (uncompressed) entries, checked against their CRCs. */
export function readStoredZip(zip: Buffer): Array<{ name: string; data: Buffer }> {
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]))
  expect(eocd).toBeGreaterThan(0)
  const count = zip.readUInt16LE(eocd + 10)
  let offset = zip.readUInt32LE(eocd + 16)
  const entries = []
  for (let i = 0; i < count; i++) {
    expect(zip.readUInt32LE(offset)).toBe(0x02014b50)
    const method = zip.readUInt16LE(offset + 10)
    const crc = zip.readUInt32LE(offset + 16)
    const size = zip.readUInt32LE(offset + 24)
    const nameLength = zip.readUInt16LE(offset + 28)
    const extra = zip.readUInt16LE(offset + 30)
    const comment = zip.readUInt16LE(offset + 32)
    const local = zip.readUInt32LE(offset + 42)
    const name = zip.subarray(offset + 46, offset + 46 + nameLength).toString('utf8')
    expect(method).toBe(0)
    const dataStart = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28)
    const data = zip.subarray(dataStart, dataStart + size)
    expect(zlib.crc32(data) >>> 0).toBe(crc)
    entries.push({ name, data })
    offset += 46 + nameLength + extra + comment
  }
  return entries
}

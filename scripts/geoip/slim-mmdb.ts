/**
 * A MaxMind DB (.mmdb) with only the records a caller keeps, in a smaller shape: the search tree
 * is walked once, every record is reduced by `keep` (null drops it), neighbouring networks that
 * end up with the same record are merged, and equal subtrees are stored once. Used at image build time to cut DB-IP's city
 * databases (63 MB + 71 MB) down to the US states that age assurance reads (scripts/geoip/slim.ts).
 *
 * Only what the format needs for reading (https://maxmind.github.io/MaxMind-DB/): a 24- or
 * 32-bit record tree, a data section of maps, strings and arrays, and the metadata.
 */
import { Reader } from 'maxmind'

type Value = string | number | Value[] | { [key: string]: Value }

/** The reduced record of a database record, or null to leave its networks out. */
export type Keep = (record: unknown) => Value | null

const METADATA_MARKER = Buffer.from('abcdef4d61784d696e642e636f6d', 'hex')
const SEPARATOR = 16

// The tree while it is built: a node is its index (≥ 0); a leaf is NONE or -2 - value index.
const NONE = -1
const UNSEEN = -(2 ** 31)
const leafOf = (valueIndex: number) => -2 - valueIndex
const valueOfLeaf = (leaf: number) => -2 - leaf

export function slimDatabase(source: Buffer, keep: Keep): Buffer {
  const reader = new Reader<never>(source)
  const { nodeCount, recordSize, ipVersion, databaseType, languages, description, buildEpoch } = reader.metadata
  const read = recordReader(source, recordSize)

  const left: number[] = []
  const right: number[] = []
  const values: Value[] = []
  const valueIndex = new Map<string, number>()
  const leafByPointer = new Map<number, number>()
  const nodeByChildren = new Map<number, number>()
  const done = new Int32Array(nodeCount).fill(UNSEEN)
  const bits = new Uint8Array(ipVersion === 4 ? 32 : 128)

  const leafFor = (pointer: number, depth: number): number => {
    let leaf = leafByPointer.get(pointer)
    if (leaf !== undefined) return leaf
    // The record behind a data pointer, read through the reader with the network's first address.
    const reduced = keep(reader.get(addressOf(bits, depth, ipVersion)))
    if (reduced === null) leaf = NONE
    else {
      const key = JSON.stringify(reduced)
      let index = valueIndex.get(key)
      if (index === undefined) {
        index = values.push(reduced) - 1
        valueIndex.set(key, index)
      }
      leaf = leafOf(index)
    }
    leafByPointer.set(pointer, leaf)
    return leaf
  }

  if (nodeCount >= 2 ** 25) throw new Error(`${nodeCount} nodes: too many for this writer`)
  const walk = (record: number, depth: number): number => {
    if (record === nodeCount) return NONE
    if (record > nodeCount) return leafFor(record, depth)
    const seen = done[record]!
    if (seen !== UNSEEN) return seen
    bits[depth] = 0
    const zero = walk(read.left(record), depth + 1)
    bits[depth] = 1
    const one = walk(read.right(record), depth + 1)
    bits[depth] = 0
    let result: number
    if (zero === one && zero < 0) result = zero
    else {
      // Equal subtrees are stored once: a record may point to a node that others point to too.
      // Both children lie between -2 ** 25 (leaves) and 2 ** 25 (nodes): one safe integer as the key.
      const key = (zero + 2 ** 25) * 2 ** 27 + (one + 2 ** 25)
      const same = nodeByChildren.get(key)
      if (same !== undefined) result = same
      else {
        result = left.length
        left.push(zero)
        right.push(one)
        nodeByChildren.set(key, result)
      }
    }
    done[record] = result
    return result
  }

  const root = walk(0, 0)
  if (root >= 0 && root !== left.length - 1) throw new Error('the root must be the last node made')
  // A tree that is one leaf still needs its root node.
  if (root < 0) {
    left.push(root)
    right.push(root)
  }
  // Children were made before their parents, the root last: numbered backwards, it is node 0.
  const count = left.length
  const renumber = (node: number) => count - 1 - node

  const data: Buffer[] = []
  const offsets: number[] = []
  let dataSize = 0
  for (const value of values) {
    const encoded = encode(value)
    offsets.push(dataSize)
    data.push(encoded)
    dataSize += encoded.length
  }
  const size = count + SEPARATOR + dataSize < 2 ** 24 ? 24 : 32
  const bytes = size / 4
  const tree = Buffer.alloc(count * bytes)
  const recordValue = (child: number) => (child === NONE ? count : child >= 0 ? renumber(child) : count + SEPARATOR + offsets[valueOfLeaf(child)]!)
  for (let node = 0; node < count; node++) {
    const at = renumber(node) * bytes
    if (size === 24) {
      tree.writeUIntBE(recordValue(left[node]!), at, 3)
      tree.writeUIntBE(recordValue(right[node]!), at + 3, 3)
    } else {
      tree.writeUInt32BE(recordValue(left[node]!), at)
      tree.writeUInt32BE(recordValue(right[node]!), at + 4)
    }
  }
  const metadata = encodeMetadata({
    node_count: count,
    record_size: size,
    ip_version: ipVersion,
    database_type: databaseType,
    languages,
    description: description as unknown as Value,
    // The data's date, not the build's: the same source gives the same file.
    build_epoch: BigInt(Math.floor(buildEpoch.getTime() / 1000)),
  })
  return Buffer.concat([tree, Buffer.alloc(SEPARATOR), ...data, METADATA_MARKER, metadata])
}

function recordReader(db: Buffer, recordSize: number): { left: (node: number) => number; right: (node: number) => number } {
  const bytes = recordSize / 4
  if (recordSize === 24) return { left: (n) => db.readUIntBE(n * 6, 3), right: (n) => db.readUIntBE(n * 6 + 3, 3) }
  if (recordSize === 32) return { left: (n) => db.readUInt32BE(n * 8), right: (n) => db.readUInt32BE(n * 8 + 4) }
  // 28 bits: the middle byte's high nibble belongs to the left record, its low nibble to the right.
  return {
    left: (n) => ((db[n * bytes + 3]! & 0xf0) << 20) | db.readUIntBE(n * bytes, 3),
    right: (n) => ((db[n * bytes + 3]! & 0x0f) << 24) | db.readUIntBE(n * bytes + 4, 3),
  }
}

/** The first address of the network whose path is the first `depth` bits. */
function addressOf(bits: Uint8Array, depth: number, ipVersion: number): string {
  const bytes = new Uint8Array(bits.length / 8)
  for (let i = 0; i < depth; i++) if (bits[i]) bytes[i >> 3]! |= 0x80 >> (i & 7)
  if (ipVersion === 4) return bytes.join('.')
  const groups = []
  for (let i = 0; i < 16; i += 2) groups.push(((bytes[i]! << 8) | bytes[i + 1]!).toString(16))
  return groups.join(':')
}

// Data section types (the control byte's top three bits; 8 and above are "extended").
const UTF8 = 2
const UINT16 = 5
const UINT32 = 6
const MAP = 7
const UINT64 = 9
const ARRAY = 11

function control(type: number, size: number): Buffer {
  const head = size < 29 ? [size] : size < 285 ? [29, size - 29] : [30, (size - 285) >> 8, (size - 285) & 0xff]
  if (head.length === 3 && size - 285 >= 65536) throw new Error(`a value of ${size} bytes is too large`)
  const [first, ...rest] = head
  return type < 8 ? Buffer.from([(type << 5) | first!, ...rest]) : Buffer.from([first!, type - 7, ...rest])
}

function unsigned(type: number, value: number | bigint): Buffer {
  let hex = value.toString(16)
  if (value === 0 || value === 0n) hex = ''
  if (hex.length % 2) hex = `0${hex}`
  const payload = Buffer.from(hex, 'hex')
  return Buffer.concat([control(type, payload.length), payload])
}

function encode(value: Value): Buffer {
  if (typeof value === 'string') {
    const payload = Buffer.from(value, 'utf8')
    return Buffer.concat([control(UTF8, payload.length), payload])
  }
  if (typeof value === 'number') {
    if (!Number.isInteger(value) || value < 0 || value >= 2 ** 32) throw new Error(`only unsigned 32-bit numbers are written, not ${value}`)
    return unsigned(UINT32, value)
  }
  if (Array.isArray(value)) return Buffer.concat([control(ARRAY, value.length), ...value.map(encode)])
  const entries = Object.entries(value)
  return Buffer.concat([control(MAP, entries.length), ...entries.flatMap(([key, item]) => [encode(key), encode(item)])])
}

function encodeMetadata(fields: {
  node_count: number
  record_size: number
  ip_version: number
  database_type: string
  languages: string[]
  description: Value
  build_epoch: bigint
}): Buffer {
  const entries: Array<[string, Buffer]> = [
    ['binary_format_major_version', unsigned(UINT16, 2)],
    ['binary_format_minor_version', unsigned(UINT16, 0)],
    ['build_epoch', unsigned(UINT64, fields.build_epoch)],
    ['database_type', encode(fields.database_type)],
    ['description', encode(fields.description)],
    ['ip_version', unsigned(UINT16, fields.ip_version)],
    ['languages', encode(fields.languages)],
    ['node_count', unsigned(UINT32, fields.node_count)],
    ['record_size', unsigned(UINT16, fields.record_size)],
  ]
  return Buffer.concat([control(MAP, entries.length), ...entries.flatMap(([key, item]) => [encode(key), item])])
}

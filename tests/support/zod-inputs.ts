/**
 * Reads a procedure's zod input schema the way a fuzzer needs it: a plausible value (so that
 * a malformed field is checked next to well-formed ones), and the path of every field, with
 * the string fields marked. Covers the schema kinds the input schemas use.
 */
import type { z } from 'zod'

type Schema = z.core.$ZodType
type Path = Array<string | number>

interface Def {
  type: string
  shape?: Record<string, Schema>
  element?: Schema
  options?: Schema[]
  innerType?: Schema
  in?: Schema
  out?: Schema
  entries?: Record<string, string | number>
  values?: unknown[]
  keyType?: Schema
  valueType?: Schema
  format?: string
}

const defOf = (schema: Schema) => (schema as unknown as { _zod: { def: Def } })._zod.def
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional'])

/** A value the schema would likely take: the first option of unions and enums, one array element, every key. */
export function sampleOf(schema: Schema): unknown {
  const def = defOf(schema)
  if (WRAPPERS.has(def.type)) return sampleOf(def.innerType!)
  switch (def.type) {
    case 'string':
      return def.format === 'email' ? 'fuzz@example.com' : 'fuzzfuzzfuzz'
    case 'number':
      return 1
    case 'boolean':
      return true
    case 'enum':
      return Object.values(def.entries!)[0]
    case 'literal':
      return def.values![0]
    case 'object':
      return Object.fromEntries(Object.entries(def.shape!).map(([key, value]) => [key, sampleOf(value)]))
    case 'array':
      return [sampleOf(def.element!)]
    case 'union':
      return sampleOf(def.options![0]!)
    case 'pipe':
      // A transform's output is no input; a format check (z.email) after a string is the better sample.
      return defOf(def.out!).type === 'transform' ? sampleOf(def.in!) : sampleOf(def.out!)
    case 'record': {
      const keys = defOf(def.keyType!).type === 'enum' ? Object.values(defOf(def.keyType!).entries!).slice(0, 1) : ['key']
      return Object.fromEntries(keys.map((key) => [key, sampleOf(def.valueType!)]))
    }
    default:
      return undefined
  }
}

export interface Field {
  path: Path
  /** A string field (or a union with a string option). */
  string: boolean
  /** Inside a `.catch`: a bad value is replaced by the fallback rather than refused. */
  caught: boolean
}

/** Every field of the schema as sampleOf lays it out (array element 0, union option of the sample). */
export function fieldsOf(schema: Schema, path: Path = [], caught = false): Field[] {
  const def = defOf(schema)
  if (WRAPPERS.has(def.type)) return fieldsOf(def.innerType!, path, caught || def.type === 'catch')
  switch (def.type) {
    case 'object':
      return [
        ...(path.length ? [{ path, string: false, caught }] : []),
        ...Object.entries(def.shape!).flatMap(([key, value]) => fieldsOf(value, [...path, key], caught)),
      ]
    case 'array':
      return [{ path, string: false, caught }, ...fieldsOf(def.element!, [...path, 0], caught)]
    case 'union':
      return [{ path, string: def.options!.some((option) => isString(option)), caught }]
    case 'pipe':
      return fieldsOf(def.in!, path, caught)
    case 'record':
      return [{ path, string: false, caught }]
    default:
      return [{ path, string: def.type === 'string', caught }]
  }
}

function isString(schema: Schema): boolean {
  const def = defOf(schema)
  if (WRAPPERS.has(def.type)) return isString(def.innerType!)
  if (def.type === 'pipe') return isString(def.in!)
  return def.type === 'string'
}

/** A copy of `value` with `replacement` at `path`. */
export function withValueAt(value: unknown, path: Path, replacement: unknown): unknown {
  if (path.length === 0) return replacement
  const [head, ...rest] = path
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>
  copy[head!] = withValueAt(copy[head!], rest, replacement)
  return copy
}

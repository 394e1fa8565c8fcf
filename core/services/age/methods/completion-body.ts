import type { AgeCompletion } from '../method.js'

/** A posted body as the adapters read it, whether the route kept raw bytes or parsed it already. */
export type PostedBody = { kind: 'form'; fields: Record<string, string> } | { kind: 'json'; value: unknown } | { kind: 'none' }

export function headerValue(headers: AgeCompletion['headers'], name: string): string | undefined {
  const value = headers[name] ?? headers[name.toLowerCase()]
  return Array.isArray(value) ? value[0] : value
}

function contentType(input: AgeCompletion): string {
  return (headerValue(input.headers, 'content-type') ?? '').split(';')[0]!.trim().toLowerCase()
}

function formFields(value: unknown): Record<string, string> | null {
  if (value instanceof URLSearchParams) return Object.fromEntries(value)
  if (typeof value === 'string' || Buffer.isBuffer(value)) return Object.fromEntries(new URLSearchParams(value.toString()))
  if (value && typeof value === 'object' && !Array.isArray(value) && Object.values(value).every((field) => typeof field === 'string')) {
    return value as Record<string, string>
  }
  return null
}

/** Reads the body by its content type: form fields, JSON, or nothing usable. Malformed JSON is nothing. */
export function postedBody(input: AgeCompletion): PostedBody {
  const type = contentType(input)
  const source = input.rawBody ?? input.body
  if (source === undefined) return { kind: 'none' }
  if (type === 'application/x-www-form-urlencoded') {
    const fields = formFields(source)
    return fields ? { kind: 'form', fields } : { kind: 'none' }
  }
  if (type === 'application/json' || (type === '' && input.rawBody === undefined)) {
    if (!Buffer.isBuffer(source) && typeof source !== 'string') return { kind: 'json', value: source }
    try {
      return { kind: 'json', value: JSON.parse(source.toString()) as unknown }
    } catch {
      return { kind: 'none' }
    }
  }
  return { kind: 'none' }
}

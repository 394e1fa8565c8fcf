import * as v from 'valibot'

/** An optional text in the query string, up to `max` characters; anything else is dropped. */
export const optionalText = (max: number) => v.fallback(v.optional(v.pipe(v.string(), v.maxLength(max))), undefined)

/** A text in the query string, up to `max` characters; missing or odd is the empty string. */
export const textOrEmpty = (max: number) => v.fallback(v.optional(v.pipe(v.string(), v.maxLength(max)), ''), '')

/**
 * A small SQL fragment type for the hand-written queries (catalog, playback, downloads, interactions): values never become part
 * of the text until rendering, fragments nest, and the same fragment renders for MikroORM's
 * connection (`?` placeholders) or for node-postgres (`$1`), so the benchmark's bare baseline
 * runs exactly the statements the procedures run.
 */
import type { EntityManager } from '@mikro-orm/postgresql'

export class Sql {
  constructor(
    /** Text pieces; a value sits between each two (strings.length === values.length + 1). */
    readonly strings: readonly string[],
    readonly values: readonly unknown[],
  ) {}
}

/** sql`select * from video where id = ${id}`; a nested Sql fragment is spliced in. */
export function sql(strings: TemplateStringsArray, ...values: unknown[]): Sql {
  const outStrings: string[] = [strings[0]!]
  const outValues: unknown[] = []
  values.forEach((value, index) => {
    const next = strings[index + 1]!
    if (value instanceof Sql) {
      outStrings[outStrings.length - 1] += value.strings[0]!
      value.values.forEach((inner, i) => {
        outValues.push(inner)
        outStrings.push(value.strings[i + 1]!)
      })
      outStrings[outStrings.length - 1] += next
    } else {
      outValues.push(value)
      outStrings.push(next)
    }
  })
  return new Sql(outStrings, outValues)
}

/** Trusted SQL text (identifiers, keywords); never pass user input here. */
export function raw(text: string): Sql {
  return new Sql([text], [])
}

export function join(parts: readonly Sql[], separator: string): Sql {
  if (!parts.length) return raw('')
  return parts.slice(1).reduce((acc, part) => sql`${acc}${raw(separator)}${part}`, parts[0]!)
}

/** `where a and b`, or nothing when there are no conditions. */
export function where(conditions: readonly Sql[]): Sql {
  return conditions.length ? sql` where ${join(conditions, ' and ')}` : raw('')
}

/** For node-postgres: `$1`, `$2`… placeholders. */
export function toPg(fragment: Sql): { text: string; values: unknown[] } {
  let text = fragment.strings[0]!
  fragment.values.forEach((_, index) => {
    text += `$${index + 1}${fragment.strings[index + 1]}`
  })
  return { text, values: [...fragment.values] }
}

/** For MikroORM's connection, which binds `?` placeholders. */
export function toOrm(fragment: Sql): { text: string; values: unknown[] } {
  for (const piece of fragment.strings) {
    if (piece.includes('?')) throw new Error('SQL text must not contain "?"; pass it as a value')
  }
  return { text: fragment.strings.join('?'), values: [...fragment.values] }
}

export async function query<T>(em: EntityManager, fragment: Sql): Promise<T[]> {
  const { text, values } = toOrm(fragment)
  return em.getConnection().execute<T[]>(text, values, 'all', em.getTransactionContext())
}

/** `?, ?, ?` for a list of values (for `in (…)`); the list must not be empty. */
export function list(values: readonly unknown[]): Sql {
  if (!values.length) throw new Error('sql list() needs at least one value')
  return new Sql(['', ...values.slice(1).map(() => ', '), ''], values)
}

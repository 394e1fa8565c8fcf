import type { EntityManager } from '@mikro-orm/postgresql'

/**
 * Searches every table of the database (information_schema: every schema but PostgreSQL's own)
 * for traces of an account: every text, character, JSON and text-array column for the address
 * (in any case) and for the account's id as a number of its own, and every column that holds a
 * user id (named user_id, or a foreign key to app_user) for the id. Answers
 * `schema.table.column: rows` for each column where something was found.
 */
export async function findEverywhere(em: EntityManager, { email, userId }: { email: string; userId: number }): Promise<string[]> {
  const connection = em.getConnection()
  const columns = await connection.execute<Array<{ table_schema: string; table_name: string; column_name: string; data_type: string; udt_name: string }>>(
    `select c.table_schema, c.table_name, c.column_name, c.data_type, c.udt_name
       from information_schema.columns c join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where t.table_type = 'BASE TABLE' and c.table_schema not in ('pg_catalog', 'information_schema')
      order by 1, 2, 3`,
  )
  const userColumns = new Set(
    (
      await connection.execute<Array<{ name: string }>>(
        `select n.nspname || '.' || c.relname || '.' || a.attname as name
           from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_namespace n on n.oid = c.relnamespace
           join pg_attribute a on a.attrelid = k.conrelid and a.attnum = any(k.conkey)
          where k.contype = 'f' and k.confrelid = 'public.app_user'::regclass`,
      )
    ).map((row) => row.name),
  )
  const found: string[] = []
  const idPattern = `(^|[^0-9])${userId}([^0-9]|$)`
  for (const column of columns) {
    const name = `${column.table_schema}.${column.table_name}.${column.column_name}`
    const ref = `"${column.table_schema}"."${column.table_name}"`
    const col = `"${column.column_name}"`
    const textual =
      ['text', 'character varying', 'character', 'json', 'jsonb'].includes(column.data_type) ||
      (column.data_type === 'ARRAY' && ['_text', '_varchar'].includes(column.udt_name))
    const checks: string[] = []
    const params: unknown[] = []
    if (textual) {
      checks.push(`strpos(lower(${col}::text), ?) > 0`, `${col}::text ~ ?`)
      params.push(email.toLowerCase(), idPattern)
    }
    if (column.column_name === 'user_id' || userColumns.has(name)) {
      checks.push(`${col}::text = ?`)
      params.push(String(userId))
    }
    if (!checks.length) continue
    const [{ n }] = (await connection.execute<Array<{ n: string }>>(`select count(*) as n from ${ref} where ${checks.join(' or ')}`, params)) as [{ n: string }]
    if (Number(n) > 0) found.push(`${name}: ${n}`)
  }
  return found
}

import { describe, expect, it } from 'vitest'
import { join, list, raw, sql, toOrm, toPg, where } from '../../core/db/sql.js'

describe('SQL fragments', () => {
  it('keep values out of the text and render for node-postgres and for MikroORM', () => {
    const inner = sql`t.category_id = ${3}`
    const fragment = sql`select * from video t${where([inner, sql`t.id not in (${list([1, 2])})`, raw('t.released_at is not null')])} limit ${30}`
    expect(toPg(fragment)).toEqual({
      text: 'select * from video t where t.category_id = $1 and t.id not in ($2, $3) and t.released_at is not null limit $4',
      values: [3, 1, 2, 30],
    })
    expect(toOrm(fragment).text).toBe('select * from video t where t.category_id = ? and t.id not in (?, ?) and t.released_at is not null limit ?')
  })

  it('treat text that looks like SQL as a value', () => {
    const evil = "'; drop table video; --"
    expect(toPg(sql`select ${evil}`)).toEqual({ text: 'select $1', values: [evil] })
  })

  it('refuse a question mark in the SQL text for MikroORM, which would take it for a placeholder', () => {
    expect(() => toOrm(raw('select 1 where x ? y'))).toThrow(/must not contain/)
  })

  it('join fragments and leave out an empty where', () => {
    expect(toPg(join([sql`a = ${1}`, sql`b = ${2}`], ' or ')).text).toBe('a = $1 or b = $2')
    expect(toPg(where([])).text).toBe('')
    expect(() => list([])).toThrow()
  })
})

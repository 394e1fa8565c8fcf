import { describe, expect, it } from 'vitest'
import { i18nObject, loadedLocales, locales } from '../../i18n/i18n-util.js'
import { loadAllLocales } from '../../i18n/i18n-util.sync.js'
import { dictionaryOf } from '../../i18n/dictionary.js'

loadAllLocales()

type Node = string | Node[] | { [key: string]: Node }

/** Every text's path in a loaded dictionary. */
function paths(node: Node, prefix: string[] = []): string[][] {
  if (typeof node === 'string') return [prefix]
  return Object.entries(node).flatMap(([key, child]) => paths(child, [...prefix, key]))
}

const at = (tree: unknown, path: string[]) =>
  path.reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], tree) as (...args: unknown[]) => string

describe('dictionaryOf', () => {
  for (const locale of locales) {
    it(`gives every ${locale} text as typesafe-i18n's own object does, with and without values`, () => {
      const plain = dictionaryOf(locale)
      const proxied = i18nObject(locale)
      const all = paths(loadedLocales[locale] as unknown as Node)
      expect(all.length).toBeGreaterThan(500)
      const values = { count: 3, name: 'Mia', n: 2, total: 12, page: 4, email: 'a@example.com', date: new Date(0), price: '9,99 €' }
      for (const path of all) {
        expect(at(plain, path)(), path.join('.')).toBe(at(proxied, path)())
        expect(at(plain, path)(values), path.join('.')).toBe(at(proxied, path)(values))
      }
    })
  }

  it('reads "" for every text of a locale not loaded yet, as before', () => {
    const saved = loadedLocales.fr
    delete (loadedLocales as Partial<typeof loadedLocales>).fr
    try {
      expect(dictionaryOf('fr').catalog.sort.newest()).toBe('')
    } finally {
      loadedLocales.fr = saved
    }
  })
})

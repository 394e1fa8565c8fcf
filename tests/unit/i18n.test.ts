import { describe, expect, it } from 'vitest'
import de from '../../i18n/de/index.js'
import en from '../../i18n/en/index.js'
import es from '../../i18n/es/index.js'
import fr from '../../i18n/fr/index.js'
import it_ from '../../i18n/it/index.js'

type Tree = { [key: string]: string | Tree }

function leaves(tree: Tree, prefix = ''): Array<[string, string]> {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [[prefix + key, value] as [string, string]] : leaves(value, `${prefix}${key}.`),
  )
}

const params = (text: string) => [...text.matchAll(/\{(\w+)/g)].map((m) => m[1]).sort()

describe('UI dictionaries', () => {
  const base = new Map(leaves(en as unknown as Tree))
  for (const [locale, dictionary] of Object.entries({ de, es, fr, it: it_ })) {
    it(`${locale} translates every text, with the same parameters`, () => {
      const translated = new Map(leaves(dictionary as unknown as Tree))
      expect([...translated.keys()].sort()).toEqual([...base.keys()].sort())
      for (const [key, text] of translated) {
        expect(text.trim(), `${locale}:${key}`).not.toBe('')
        expect(params(text), `${locale}:${key}`).toEqual(params(base.get(key)!))
      }
    })
  }
})

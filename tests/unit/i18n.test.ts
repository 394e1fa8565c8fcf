import { describe, expect, it } from 'vitest'
import de from '../../i18n/de/index.js'
import en from '../../i18n/en/index.js'
import es from '../../i18n/es/index.js'
import fr from '../../i18n/fr/index.js'
import it_ from '../../i18n/it/index.js'
import deAccount from '../../i18n/de/account/index.js'
import enAccount from '../../i18n/en/account/index.js'
import esAccount from '../../i18n/es/account/index.js'
import frAccount from '../../i18n/fr/account/index.js'
import itAccount from '../../i18n/it/account/index.js'

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

describe('the account namespace', () => {
  // The base's texts declare types ({name:string}); plural forms ({{a|b}}) are no parameters.
  const names = (text: string) => params(text.replace(/\{\{[^}]*\}\}/g, ''))
  const base = new Map(leaves(enAccount as unknown as Tree))
  for (const [locale, dictionary] of Object.entries({ de: deAccount, es: esAccount, fr: frAccount, it: itAccount })) {
    it(`${locale} translates every text, with the same parameters`, () => {
      const translated = new Map(leaves(dictionary as unknown as Tree))
      expect([...translated.keys()].sort()).toEqual([...base.keys()].sort())
      for (const [key, text] of translated) {
        expect(text.trim(), `${locale}:${key}`).not.toBe('')
        expect(names(text), `${locale}:${key}`).toEqual(names(base.get(key)!))
      }
      // Left in English by mistake: only a few words are the same in both (Passkeys, Name…).
      const same = [...translated].filter(([key, text]) => text === base.get(key) && text.length > 12).map(([key]) => key)
      expect(same, locale).toEqual([])
    })
  }
})

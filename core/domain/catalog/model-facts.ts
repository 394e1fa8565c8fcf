/** The model facts of spec section 3; their labels live in i18n (catalog.facts). */
export const GENITAL_AREAS = ['shaved', 'partlyShaved', 'hairy', 'extremelyHairy'] as const
/** Spelt as the spec spells them ('ukranian'). */
export const NATIONALITIES = ['german', 'czech', 'polish', 'thai', 'american', 'bulgarian', 'russian', 'turkish', 'ukranian', 'chinese'] as const
export const ZODIAC_SIGNS = [
  'aries',
  'taurus',
  'gemini',
  'cancer',
  'leo',
  'virgo',
  'libra',
  'scorpio',
  'sagittarius',
  'capricorn',
  'aquarius',
  'pisces',
] as const

/** Preference keys a model can list ("about 55" in the spec). */
export const PREFERENCES = [
  'analSex',
  'bdsm',
  'lingerie',
  'threesome',
  'webcam',
  'milf',
  'trans',
  'lesbian',
  'tattoos',
  'piercings',
  'roleplay',
  'outdoor',
  'massage',
  'dancing',
  'cosplay',
  'highHeels',
  'stockings',
  'latex',
  'leather',
  'oil',
  'shower',
  'romance',
  'kissing',
  'toys',
  'solo',
  'couples',
  'groupSex',
  'voyeur',
  'exhibitionism',
  'fetish',
  'feet',
  'domination',
  'submission',
  'bondage',
  'spanking',
  'dirtyTalk',
  'striptease',
  'uniforms',
  'nylons',
  'naturalBody',
  'curvy',
  'petite',
  'mature',
  'amateur',
  'oralSex',
  'handjob',
  'footjob',
  'squirting',
  'facesitting',
  'sixtyNine',
  'cowgirl',
  'doggyStyle',
  'missionary',
  'publicPlaces',
  'pov',
] as const

/** Age in whole years on the given day. */
export function ageOn(birthDate: Date | string, today: Date): number {
  const birth = typeof birthDate === 'string' ? new Date(`${birthDate}T00:00:00Z`) : birthDate
  let age = today.getUTCFullYear() - birth.getUTCFullYear()
  const beforeBirthday = today.getUTCMonth() < birth.getUTCMonth() || (today.getUTCMonth() === birth.getUTCMonth() && today.getUTCDate() < birth.getUTCDate())
  if (beforeBirthday) age -= 1
  return age
}

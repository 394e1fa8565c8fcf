import type { Locale, LocalizedText } from '../../core/domain/locale.js'

/** Vocabulary for generated, safe-for-work demo titles in all five languages. */
type Entry = Record<Locale, string>

export const PLACES: Entry[] = [
  { en: 'Rooftop', de: 'Dachterrasse', es: 'Azotea', fr: 'Toit', it: 'Terrazza' },
  { en: 'Beach House', de: 'Strandhaus', es: 'Casa de playa', fr: 'Maison de plage', it: 'Casa al mare' },
  { en: 'Hotel Suite', de: 'Hotelsuite', es: 'Suite de hotel', fr: "Suite d'hôtel", it: "Suite d'albergo" },
  { en: 'Garden', de: 'Garten', es: 'Jardín', fr: 'Jardin', it: 'Giardino' },
  { en: 'Studio', de: 'Studio', es: 'Estudio', fr: 'Studio', it: 'Studio' },
  { en: 'Lake Cabin', de: 'Seehütte', es: 'Cabaña del lago', fr: 'Chalet du lac', it: 'Baita sul lago' },
  { en: 'City Loft', de: 'Stadtloft', es: 'Loft urbano', fr: 'Loft en ville', it: 'Loft in città' },
  { en: 'Sauna', de: 'Sauna', es: 'Sauna', fr: 'Sauna', it: 'Sauna' },
  { en: 'Library', de: 'Bibliothek', es: 'Biblioteca', fr: 'Bibliothèque', it: 'Biblioteca' },
  { en: 'Vineyard', de: 'Weinberg', es: 'Viñedo', fr: 'Vignoble', it: 'Vigneto' },
  { en: 'Yacht', de: 'Jacht', es: 'Yate', fr: 'Yacht', it: 'Yacht' },
  { en: 'Penthouse', de: 'Penthouse', es: 'Ático', fr: 'Penthouse', it: 'Attico' },
]

export const TIMES: Entry[] = [
  { en: 'at Midnight', de: 'um Mitternacht', es: 'a medianoche', fr: 'à minuit', it: 'a mezzanotte' },
  { en: 'at Dawn', de: 'im Morgengrauen', es: 'al amanecer', fr: "à l'aube", it: "all'alba" },
  { en: 'in Summer', de: 'im Sommer', es: 'en verano', fr: 'en été', it: "d'estate" },
  { en: 'after Work', de: 'nach Feierabend', es: 'después del trabajo', fr: 'après le travail', it: 'dopo il lavoro' },
  { en: 'on Sunday', de: 'am Sonntag', es: 'el domingo', fr: 'le dimanche', it: 'di domenica' },
  { en: 'in the Rain', de: 'im Regen', es: 'bajo la lluvia', fr: 'sous la pluie', it: 'sotto la pioggia' },
  { en: 'at Sunset', de: 'bei Sonnenuntergang', es: 'al atardecer', fr: 'au coucher du soleil', it: 'al tramonto' },
  { en: 'in Winter', de: 'im Winter', es: 'en invierno', fr: 'en hiver', it: "d'inverno" },
]

export const CATEGORIES: Array<{ slug: string; title: Entry; description: Entry }> = [
  {
    slug: 'outdoor',
    title: { en: 'Outdoor', de: 'Outdoor', es: 'Al aire libre', fr: 'En plein air', it: "All'aperto" },
    description: {
      en: 'Scenes under the open sky.',
      de: 'Szenen unter freiem Himmel.',
      es: 'Escenas al aire libre.',
      fr: 'Des scènes en plein air.',
      it: 'Scene a cielo aperto.',
    },
  },
  {
    slug: 'romance',
    title: { en: 'Romance', de: 'Romantik', es: 'Romance', fr: 'Romance', it: 'Romantico' },
    description: {
      en: 'Slow, tender and cinematic.',
      de: 'Langsam, zärtlich und filmisch.',
      es: 'Lento, tierno y cinematográfico.',
      fr: 'Lent, tendre et cinématographique.',
      it: 'Lento, tenero e cinematografico.',
    },
  },
  {
    slug: 'solo',
    title: { en: 'Solo', de: 'Solo', es: 'En solitario', fr: 'Solo', it: 'Da sola' },
    description: {
      en: 'One model, full attention.',
      de: 'Ein Model, volle Aufmerksamkeit.',
      es: 'Una modelo, toda la atención.',
      fr: 'Un modèle, toute l’attention.',
      it: 'Una modella, tutta l’attenzione.',
    },
  },
  {
    slug: 'couples',
    title: { en: 'Couples', de: 'Paare', es: 'Parejas', fr: 'Couples', it: 'Coppie' },
    description: {
      en: 'Real couples, real chemistry.',
      de: 'Echte Paare, echte Chemie.',
      es: 'Parejas reales, química real.',
      fr: 'De vrais couples, une vraie alchimie.',
      it: 'Coppie vere, vera intesa.',
    },
  },
  {
    slug: 'lingerie',
    title: { en: 'Lingerie', de: 'Dessous', es: 'Lencería', fr: 'Lingerie', it: 'Lingerie' },
    description: {
      en: 'Lace, silk and style.',
      de: 'Spitze, Seide und Stil.',
      es: 'Encaje, seda y estilo.',
      fr: 'Dentelle, soie et style.',
      it: 'Pizzo, seta e stile.',
    },
  },
  {
    slug: 'vintage',
    title: { en: 'Vintage', de: 'Vintage', es: 'Vintage', fr: 'Vintage', it: 'Vintage' },
    description: {
      en: 'A look back in film grain.',
      de: 'Ein Rückblick in Filmkorn.',
      es: 'Una mirada atrás con grano de película.',
      fr: 'Un regard en arrière, grain de film compris.',
      it: 'Uno sguardo indietro con la grana della pellicola.',
    },
  },
  {
    slug: 'behind-the-scenes',
    title: { en: 'Behind the scenes', de: 'Hinter den Kulissen', es: 'Detrás de cámaras', fr: 'Les coulisses', it: 'Dietro le quinte' },
    description: {
      en: 'How our productions come together.',
      de: 'Wie unsere Produktionen entstehen.',
      es: 'Cómo nacen nuestras producciones.',
      fr: 'Comment naissent nos productions.',
      it: 'Come nascono le nostre produzioni.',
    },
  },
  {
    slug: 'studio',
    title: { en: 'Studio', de: 'Studio', es: 'Estudio', fr: 'Studio', it: 'Studio' },
    description: {
      en: 'Clean light, bold looks.',
      de: 'Klares Licht, starke Looks.',
      es: 'Luz limpia, looks atrevidos.',
      fr: 'Lumière nette, looks audacieux.',
      it: 'Luce pulita, look decisi.',
    },
  },
]

export const FIRST_NAMES = [
  'Lena',
  'Mia',
  'Sofia',
  'Anna',
  'Clara',
  'Nina',
  'Julia',
  'Elena',
  'Marta',
  'Eva',
  'Lara',
  'Zoe',
  'Ida',
  'Maja',
  'Nora',
  'Vera',
  'Alina',
  'Jana',
  'Kira',
  'Tessa',
  'Greta',
  'Lotte',
  'Paula',
  'Romy',
]

export function title(place: Entry, time: Entry): LocalizedText {
  return {
    en: `${place.en} ${time.en}`,
    de: `${place.de} ${time.de}`,
    es: `${place.es} ${time.es}`,
    fr: `${place.fr} ${time.fr}`,
    it: `${place.it} ${time.it}`,
  }
}

export function videoDescription(t: LocalizedText): LocalizedText {
  return {
    en: `${t.en}: an exclusive scene, shot in natural light and edited for the big screen.`,
    de: `${t.de}: eine exklusive Szene, bei natürlichem Licht gedreht und für die große Leinwand geschnitten.`,
    es: `${t.es}: una escena exclusiva, rodada con luz natural y montada para la gran pantalla.`,
    fr: `${t.fr} : une scène exclusive, tournée en lumière naturelle et montée pour le grand écran.`,
    it: `${t.it}: una scena esclusiva, girata con luce naturale e montata per il grande schermo.`,
  }
}

export function imageSetDescription(t: LocalizedText): LocalizedText {
  return {
    en: `${t.en}: a photo series in full resolution.`,
    de: `${t.de}: eine Fotoserie in voller Auflösung.`,
    es: `${t.es}: una serie de fotos en resolución completa.`,
    fr: `${t.fr} : une série de photos en pleine résolution.`,
    it: `${t.it}: una serie di foto in piena risoluzione.`,
  }
}

export function modelDescription(name: string): LocalizedText {
  return {
    en: `${name} loves travelling, good food and long evenings with friends.`,
    de: `${name} liebt Reisen, gutes Essen und lange Abende mit Freunden.`,
    es: `A ${name} le encantan los viajes, la buena comida y las largas noches con amigos.`,
    fr: `${name} adore les voyages, la bonne cuisine et les longues soirées entre amis.`,
    it: `${name} ama viaggiare, il buon cibo e le lunghe serate con gli amici.`,
  }
}

/** Deterministic pseudo-random numbers, so every seed gives the same catalog. */
export function createRandom(seed: number) {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    sample: <T>(items: readonly T[], count: number): T[] => {
      const copy = [...items]
      const out: T[] = []
      while (out.length < count && copy.length) out.push(copy.splice(Math.floor(next() * copy.length), 1)[0]!)
      return out
    },
  }
}

export function modelBio(name: string): LocalizedText {
  return {
    en: `${name} started modelling after university. On set she loves natural light, music between takes and a good laugh with the crew.`,
    de: `${name} hat nach dem Studium mit dem Modeln angefangen. Am Set liebt sie natürliches Licht, Musik zwischen den Takes und viel Lachen mit dem Team.`,
    es: `${name} empezó como modelo después de la universidad. En el rodaje le encantan la luz natural, la música entre tomas y reírse con el equipo.`,
    fr: `${name} a commencé le mannequinat après l’université. Sur le plateau, elle aime la lumière naturelle, la musique entre les prises et les fous rires avec l’équipe.`,
    it: `${name} ha iniziato a posare dopo l’università. Sul set ama la luce naturale, la musica tra un ciak e l’altro e le risate con la troupe.`,
  }
}

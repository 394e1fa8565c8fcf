import type { Translation } from '../i18n-types.js'

export default {
  period: {
    monthly: 'Monatlich',
    yearly: 'Jährlich',
    biyearly: 'Alle zwei Jahre',
  },
  per: {
    monthly: 'pro Monat',
    yearly: 'pro 12 Monate',
    biyearly: 'pro 24 Monate',
  },
  perMonth: 'nur {price} pro Monat',
  trial: '{days} Tage testen für {price}, danach {regular}',
  trialFree: '{days} Tage kostenlos testen, danach {regular}',
  regular: '{price} {per}',
  mostPopular: 'Am beliebtesten',
  features: {
    fullCatalog: 'Alle Videos und Bildersets',
    hd: 'Streaming in Full HD',
    uhd: 'Streaming bis 4K UHD',
    fullPreviews: 'Vorschaubilder in voller Auflösung und Bildergalerie',
    downloads: 'Downloads: {limit} pro Tag',
    newWeekly: 'Jede Woche neue Inhalte',
    cancelAnytime: 'Jederzeit kündbar',
  },
  select: {
    intro: 'Wähle die Mitgliedschaft, die zu dir passt. Alle Preise inklusive MwSt.',
    empty: 'Zurzeit sind keine Mitgliedschaften verfügbar.',
  },
  page: {
    title: 'Mein Tarif',
    none: 'Du hast noch keine Mitgliedschaft.',
    admin: 'Administrator: Du hast vollen Zugang ohne Tarif.',
    permanentAccess: 'Du hast dauerhaften Zugang ohne Tarif.',
    current: 'Dein Tarif: {plan} ({period})',
    renews: 'Verlängert sich am {date}.',
    trialUntil: 'Testphase bis {date}.',
    downgrade: 'Dein Tarif wechselt am {date} zu {plan}.',
    cancelled: 'Deine Mitgliedschaft ist gekündigt und endet am {date}.',
    changePlan: 'Tarif wechseln',
    pendingHint: 'Eine Änderung ist bereits geplant; der Tarif kann erst wieder gewechselt werden, wenn sie wirksam ist.',
    selectPlan: 'Tarif wählen',
    changePaymentMethod: 'Zahlungsart ändern',
    cancel: 'Mitgliedschaft kündigen',
    externalHint: '(öffnet den Zahlungsanbieter)',
  },
} satisfies Translation['plans']

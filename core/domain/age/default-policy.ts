/**
 * The shipped age-assurance policy (replaced as a whole by AGE_POLICY_FILE; the same shape as
 * JSON, see docs/age-assurance.md). Each rule cites its source. This is an engineering reading
 * of the laws as of the policy's version, not legal advice: an operator's counsel signs it off.
 *
 * Method kinds: 'eu-wallet' (EU age-verification app / EUDI wallet, mdoc `age_over_18`),
 * 'oidc' (an OpenID Connect age-verification provider), 'session-api' (a provider with its own
 * session and a signed webhook, e.g. facial age estimation or photo-ID matching), 'card' (a
 * credit-card check through the billing processor). The local development provider is offered
 * everywhere when it is on (AGE_DEV_PROVIDER; never in production).
 */
import { parseAgePolicy, type AgePolicy, type AgePolicyInput } from './policy.js'

/**
 * US states with an age-verification statute for sites whose content is largely "harmful to
 * minors", in force by the policy's version. The set agrees across the Free Speech Coalition's
 * and the AVPA's trackers and the press (research notes of issue 35); † marks entries counsel
 * must confirm. Constitutional since Free Speech Coalition v. Paxton, 606 U.S. 461 (2025-06-27).
 */
export const US_AGE_VERIFICATION_STATES = [
  'US-AL', // HB 164, in force 2024-10-01
  'US-AZ', // HB 2112, 2025-09-26 †
  'US-AR', // SB 66 / Act 612, 2023-07-31
  'US-FL', // HB 3 (2024), 2025-01-01
  'US-GA', // SB 351, 2025-07-01
  'US-ID', // H 498, 2024-07-01
  'US-IN', // SB 17, 2024 †
  'US-IA', // HF 864, 2026-07-01
  'US-KS', // SB 394, 2024-07-01
  'US-KY', // HB 278, 2024-07
  'US-LA', // Act 440 (HB 142, 2022), HB 77; 2023-01-01
  'US-MS', // SB 2346, 2023-07-01
  'US-MO', // Attorney General rule 15 CSR 60-17 (Merchandising Practices Act), 2025-11-30 †
  'US-MT', // SB 544, 2024-01-01
  'US-NE', // LB 1092, 2024-07-18
  'US-NC', // HB 8 (PAVE Act), 2024-01-01
  'US-ND', // HB 1561, 2025-08-01 †
  'US-OH', // HB 96 (R.C. 1349.10 †), 2025-09-30
  'US-OK', // SB 1959, 2024-11-01
  'US-SC', // H 3424, 2024-05-29
  'US-SD', // HB 1053, 2025-07-01 †
  'US-TN', // SB 1792 (Protect Tennessee Minors Act), 2025-01-01
  'US-TX', // HB 1181 (Tex. Civ. Prac. & Rem. Code ch. 129B), 2023-09-01
  'US-UT', // SB 287 (2023), 2023-05-02
  'US-VA', // SB 1515, 2023-07-01
  'US-WY', // HB 43, 2025-07-01 †
]

type RuleInput = AgePolicyInput['rules'][number]

/** The methods the EU rules accept: the EU age-verification app first, then third-party providers. */
const EU_METHODS: RuleInput['methods'] = ['eu-wallet', 'session-api', 'oidc']

/**
 * What France, Italy and Spain ask alike: a blurred tour, double-anonymous methods, and a proof
 * kept per visit (never on the account) that lapses after `idleMinutes` without a request and
 * after 12 hours at the most.
 */
const doubleAnonymousPerVisit = (idleMinutes: number): Pick<RuleInput, 'outcome' | 'methods' | 'doubleAnonymity' | 'proof'> => ({
  outcome: 'blur',
  methods: EU_METHODS,
  doubleAnonymity: true,
  proof: { scope: 'visit', idleMinutes, maxHours: 12 },
})

const DEFAULT_POLICY_INPUT: AgePolicyInput = {
  version: '2026-11-28',
  rules: [
    // United Kingdom. Online Safety Act 2023, Part 5 (s. 81: pornographic content published
    // by the provider), in force 2025-01-17; Ofcom's guidance on highly effective age
    // assurance (2025-01-16): photo-ID matching, facial age estimation, open banking, mobile
    // operator checks, credit-card checks, digital identity services and wallets are capable
    // of being highly effective; self-declaration, debit cards and disclaimers are not.
    // Nothing pornographic before or during the check (hover previews and explicit titles
    // included): a front gate, the form Ofcom names first. Re-checks are not mandated: yearly.
    // It comes first so that an address the server cannot place gets this rule (the first
    // with the strictest outcome).
    {
      id: 'gb',
      countries: ['GB'],
      outcome: 'front',
      methods: ['session-api', 'oidc', 'eu-wallet', 'card'],
      proof: { scope: 'account', maxDays: 365 },
      law: {
        name: 'Online Safety Act 2023, Part 5; Ofcom guidance on highly effective age assurance',
        url: 'https://www.legislation.gov.uk/ukpga/2023/50/part/5',
      },
    },
    // US states (list above). The statutes ask for "reasonable age verification" before
    // access (Texas: digital identification, government-issued ID, or a commercially
    // reasonable method relying on public or private transactional data, Tex. Civ. Prac. &
    // Rem. Code § 129B.003) and forbid keeping identifying data. A front gate: the laws cover
    // the website, not only the explicit material. Yearly re-check.
    {
      id: 'us-av-states',
      regions: US_AGE_VERIFICATION_STATES,
      outcome: 'front',
      methods: ['session-api', 'oidc', 'card'],
      proof: { scope: 'account', maxDays: 365 },
      law: {
        name: 'State age-verification statutes (e.g. Texas HB 1181, Tex. Civ. Prac. & Rem. Code ch. 129B)',
        url: 'https://statutes.capitol.texas.gov/Docs/CP/htm/CP.129B.htm',
      },
    },
    // Germany. JMStV § 4(2) sentence 2: simple pornography only in a closed user group. The
    // KJM's criteria: an identification at least once (face-to-face or an equivalent method
    // it rated positively, e.g. facial estimation with a 25-year buffer) and an
    // authentication at every use, hence a proof on the account that counts only after a
    // sign-in in this visit. Public tour pages must not be pornographic: a blurred tour with
    // tour-safe titles.
    // Sources: https://www.kjm-online.de/service/glossar/ausdruck/altersverifikationssystem-avs/ ;
    // KJM press release 12/2025 on age estimation.
    {
      id: 'de',
      countries: ['DE'],
      outcome: 'blur',
      methods: EU_METHODS,
      proof: { scope: 'account', maxDays: null, loginEachVisit: true, visitHours: 12 },
      law: {
        name: 'Jugendmedienschutz-Staatsvertrag (JMStV) § 4 Abs. 2; KJM criteria for closed user groups',
        url: 'https://www.kjm-online.de/service/glossar/ausdruck/altersverifikationssystem-avs/',
      },
    },
    // France. Loi n° 2024-449 (SREN) and Arcom's référentiel (délibération 2024-20 of
    // 2024-10-09): an independent third party checks the age, at least one double-anonymity
    // method is offered, the age is checked at each access to the site, and "as long as the
    // age has not been checked, no image may be visible": a blurred tour. The card-payment
    // allowance was transitional and has ended, so no card check.
    {
      id: 'fr',
      countries: ['FR'],
      ...doubleAnonymousPerVisit(60),
      law: {
        name: "Loi n° 2024-449 (SREN); Arcom, référentiel sur la vérification de l'âge (9 octobre 2024)",
        url: 'https://www.arcom.fr/se-documenter/espace-juridique/textes-juridiques/referentiel-technique-sur-la-verification-de-lage-pour-la-protection-des-mineurs-contre-la-pornographie-en-ligne',
      },
    },
    // Italy. Art. 13-bis D.L. 123/2023 (L. 159/2023, "decreto Caivano") and AGCOM delibera
    // 96/25/CONS (in force 2025-11-12; sites outside Italy from 2026-02-01): certified third
    // parties, double anonymity, self-declaration and SPID excluded, a proof of age per
    // session that lapses after 45 minutes of inactivity and is never kept on an account.
    {
      id: 'it',
      countries: ['IT'],
      ...doubleAnonymousPerVisit(45),
      law: { name: 'Art. 13-bis D.L. 123/2023 (L. 159/2023); AGCOM delibera 96/25/CONS' },
    },
    // Spain. Ley 13/2022 General de Comunicación Audiovisual, art. 89.1 e): video-sharing
    // platforms establish age verification for content harmful to minors (supervised by the
    // CNMC); the AEPD's principles on age verification (December 2023) ask for methods that
    // do not identify the user. The Ley Orgánica for minors in digital environments (BOCG
    // 15-A-52-1) was still a bill when this policy was written; the government's wallet
    // ("Cartera Digital Beta") issues single-use age proofs. Counsel to review.
    {
      id: 'es',
      countries: ['ES'],
      ...doubleAnonymousPerVisit(60),
      law: { name: 'Ley 13/2022 General de Comunicación Audiovisual, art. 89.1 e)', url: 'https://www.boe.es/buscar/act.php?id=BOE-A-2022-11311' },
    },
    // Everywhere else: today's click-through gate (self-declaration).
    { id: 'elsewhere', countries: ['*'], outcome: 'open' },
  ],
}

export const DEFAULT_AGE_POLICY: AgePolicy = parseAgePolicy(DEFAULT_POLICY_INPUT, 'the default age policy')

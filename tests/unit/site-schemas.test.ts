import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import en from '../../i18n/en/index.js'
import { contactSchema, errorFeedbackSchema, reportSchema, withoutEmptyUrls } from '../../core/domain/schemas/site.js'
import { REPORT_MAX_URLS, isOwnSiteUrl, reportUrlFromQuery } from '../../core/domain/site/site.js'

const SITE = 'https://streamclub.example'

/** Field path → message key of the first issue per field, as the form and the server show them. */
function errorsOf(schema: z.ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value)
  const errors: Record<string, string> = {}
  for (const issue of result.error?.issues ?? []) errors[issue.path.join('.')] ??= issue.message
  return errors
}

const contact = { first_name: 'Anna', last_name: 'Muster', email: 'anna@example.com', subject: 'Billing', message: 'Hello' }
const report = {
  name: 'Anna Muster',
  email: 'anna@example.com',
  urls: [`${SITE}/de/videos/12`],
  type: 'abuse',
  depicted: true,
  issues: ['non_consentual'],
  description: 'I did not agree to this.',
  signature: 'Anna Maria Muster',
  oath: true,
}

describe('contact payload', () => {
  it('accepts a complete message and trims it', () => {
    const parsed = contactSchema.parse({ ...contact, first_name: '  Anna ', email: ' anna@example.com ' })
    expect(parsed.first_name).toBe('Anna')
    expect(parsed.email).toBe('anna@example.com')
  })

  it('asks for every field with its own message', () => {
    expect(errorsOf(contactSchema, { first_name: ' ', last_name: '', email: '', subject: '', message: '\n' })).toEqual({
      first_name: 'firstNameRequired',
      last_name: 'lastNameRequired',
      email: 'emailRequired',
      subject: 'subjectRequired',
      message: 'messageRequired',
    })
  })

  it('checks the email pattern', () => {
    for (const email of ['anna@', 'anna', '@example.com', 'anna@example', 'an na@example.com']) {
      expect(errorsOf(contactSchema, { ...contact, email }), email).toEqual({ email: 'emailInvalid' })
    }
  })

  it('limits lengths', () => {
    expect(errorsOf(contactSchema, { ...contact, subject: 'x'.repeat(301) })).toEqual({ subject: 'textTooLong' })
  })
})

describe('report payload', () => {
  const schema = reportSchema(SITE)

  it('accepts a complete report', () => {
    expect(schema.parse(report).urls).toEqual([`${SITE}/de/videos/12`])
  })

  it('requires the first URL ("please enter an url")', () => {
    expect(errorsOf(schema, { ...report, urls: [] })).toEqual({ 'urls.0': 'urlRequired' })
    expect(errorsOf(schema, { ...report, urls: ['', `${SITE}/de/videos/1`] })).toEqual({ 'urls.0': 'urlRequired' })
  })

  it('accepts only addresses of the own site ("please enter a valid url")', () => {
    expect(errorsOf(schema, { ...report, urls: ['https://elsewhere.example/de/videos/12'] })).toEqual({ 'urls.0': 'urlInvalid' })
    expect(errorsOf(schema, { ...report, urls: [`${SITE}/de/videos/1`, 'not a url'] })).toEqual({ 'urls.1': 'urlInvalid' })
    expect(errorsOf(schema, { ...report, urls: [`${SITE}.evil.example/x`] })).toEqual({ 'urls.0': 'urlInvalid' })
  })

  it('takes at most 5 URLs', () => {
    const urls = Array.from({ length: REPORT_MAX_URLS + 1 }, (_, i) => `${SITE}/de/videos/${i + 1}`)
    expect(errorsOf(schema, { ...report, urls })).toEqual({ urls: 'tooManyUrls' })
    expect(schema.safeParse({ ...report, urls: urls.slice(0, REPORT_MAX_URLS) }).success).toBe(true)
  })

  it('needs at least one known issue, a description, a signature and the oath', () => {
    expect(errorsOf(schema, { ...report, issues: [], description: ' ', signature: '', oath: false })).toEqual({
      issues: 'issuesRequired',
      description: 'descriptionRequired',
      signature: 'signatureRequired',
      oath: 'oathRequired',
    })
    expect(Object.keys(errorsOf(schema, { ...report, issues: ['gossip'] }))).toEqual(['issues.0'])
    expect(schema.parse({ ...report, issues: ['drugs', 'drugs', 'minors'] }).issues).toEqual(['drugs', 'minors'])
  })

  it('knows only the two report types', () => {
    expect(Object.keys(errorsOf(schema, { ...report, type: 'spam' }))).toEqual(['type'])
    expect(schema.parse({ ...report, type: 'copyright', depicted: false }).type).toBe('copyright')
  })

  it('without a site address (the transport check) accepts any http(s) URL', () => {
    expect(reportSchema().safeParse({ ...report, urls: ['https://elsewhere.example/x'] }).success).toBe(true)
    expect(errorsOf(reportSchema(), { ...report, urls: ['ftp://elsewhere.example/x'] })).toEqual({ 'urls.0': 'urlInvalid' })
  })

  it('drops empty URLs before sending', () => {
    expect(withoutEmptyUrls({ urls: ['', ` ${SITE}/a `, '  ', `${SITE}/b`] }).urls).toEqual([`${SITE}/a`, `${SITE}/b`])
  })
})

describe('the own-site URL rule', () => {
  it('matches host and port, http or https, with or without www', () => {
    expect(isOwnSiteUrl('https://streamclub.example/de/videos/1', SITE)).toBe(true)
    expect(isOwnSiteUrl('http://streamclub.example/de', SITE)).toBe(true)
    expect(isOwnSiteUrl('https://www.streamclub.example/', SITE)).toBe(true)
    expect(isOwnSiteUrl('https://STREAMCLUB.example/x', SITE)).toBe(true)
    expect(isOwnSiteUrl('http://localhost:3100/en/videos/2', 'http://localhost:3100')).toBe(true)
  })

  it('rejects other hosts, ports, schemes and credentials', () => {
    expect(isOwnSiteUrl('https://elsewhere.example/de', SITE)).toBe(false)
    expect(isOwnSiteUrl('https://streamclub.example.evil.example/', SITE)).toBe(false)
    expect(isOwnSiteUrl('https://streamclub.example:8443/', SITE)).toBe(false)
    expect(isOwnSiteUrl('http://localhost:3101/x', 'http://localhost:3100')).toBe(false)
    expect(isOwnSiteUrl('javascript:alert(1)', SITE)).toBe(false)
    expect(isOwnSiteUrl('https://user:pw@streamclub.example/', SITE)).toBe(false)
    expect(isOwnSiteUrl('/de/videos/1', SITE)).toBe(false)
  })

  it('turns the url query (a content path) into the first URL', () => {
    expect(reportUrlFromQuery('/de/videos/12', SITE)).toBe(`${SITE}/de/videos/12`)
    expect(reportUrlFromQuery(`${SITE}/en/images/3`, SITE)).toBe(`${SITE}/en/images/3`)
    expect(reportUrlFromQuery(undefined, SITE)).toBe('')
    expect(reportUrlFromQuery('//elsewhere.example/x', SITE)).toBe('//elsewhere.example/x')
  })
})

describe('error feedback', () => {
  it('must say what the user did when it is sent', () => {
    expect(errorsOf(errorFeedbackSchema, { message: '   ' })).toEqual({ message: 'feedbackRequired' })
    expect(errorFeedbackSchema.parse({ message: ' I clicked save ', path: '/en/tos' }).message).toBe('I clicked save')
  })
})

describe('schema messages', () => {
  it('are all keys of the errors dictionary', () => {
    const keys = new Set(Object.keys(en.errors))
    const samples: Array<[z.ZodType, unknown]> = [
      [contactSchema, { first_name: '', last_name: '', email: '', subject: '', message: '' }],
      [contactSchema, { ...contact, email: 'x', subject: 'x'.repeat(400) }],
      [reportSchema(SITE), { ...report, name: '', email: '', urls: ['', 'x'], issues: [], description: '', signature: '', oath: false }],
      [reportSchema(SITE), { ...report, urls: Array(6).fill(`${SITE}/x`) }],
      [errorFeedbackSchema, { message: '' }],
    ]
    const messages = samples.flatMap(([schema, value]) => Object.values(errorsOf(schema, value)))
    expect(messages.length).toBeGreaterThan(15)
    for (const message of messages) expect(keys, message).toContain(message)
  })
})

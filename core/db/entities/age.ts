import { defineEntity, p } from '@mikro-orm/core'
import { ownerReference } from './properties.js'
import { LOCALES } from '../../domain/locale.js'
import { User } from './user.js'

const AGE_CHECK_STATUSES = ['pending', 'accepted', 'refused', 'used'] as const

/**
 * A verification in flight (core/services/age/checks.ts): started by a browser (the SHA-256 of
 * its check cookie is the owner), completed by the provider (callback, direct post, webhook),
 * turned into a proof once, then kept only as long as the purge leaves it. The method's state
 * (PKCE verifier, ephemeral keys, the provider's session id) is removed on completion.
 */
const AgeCheckSchema = defineEntity({
  name: 'AgeCheck',
  properties: {
    /** Random UUID; appears in URLs, so it grants nothing without the owner's cookie. */
    id: p.uuid().primary(),
    method: p.string().length(40),
    /** The policy rule it was started under. */
    rule: p.string().length(40),
    nonce: p.string().length(64),
    state: p.json<Record<string, unknown>>().nullable(),
    owner: p.string().length(64).index(),
    /** Rules that keep the proof on the account: who started it. */
    user: () => ownerReference(User).nullable().index(),
    status: p.enum(AGE_CHECK_STATUSES).default('pending'),
    /** Why a provider said no (a code, never personal data). */
    reason: p.string().length(120).nullable(),
    returnTo: p.string().length(2048),
    locale: p.enum(LOCALES),
    createdAt: p.datetime(),
    expiresAt: p.datetime().index(),
    completedAt: p.datetime().nullable(),
  },
})
export class AgeCheck extends AgeCheckSchema.class {}
AgeCheckSchema.setClass(AgeCheck)

/**
 * A proof of age, and nothing more: over 18, the method and its provider, whether it was
 * double-anonymous, the policy version, when it was made and when it lapses. It belongs to
 * an account (user) or, for rules that keep proofs per visit, to a browser session (the
 * SHA-256 of the browser's proof cookie); never a birth date, a name, a document or a picture.
 */
const AgeProofRecordSchema = defineEntity({
  name: 'AgeProofRecord',
  tableName: 'age_proof',
  properties: {
    id: p.integer().primary(),
    user: () => ownerReference(User).nullable().unique(),
    browserKey: p.string().length(64).nullable().unique(),
    over18: p.boolean(),
    method: p.string().length(40),
    provider: p.string().length(120),
    doubleAnonymous: p.boolean(),
    policyVersion: p.string().length(40),
    verifiedAt: p.datetime(),
    expiresAt: p.datetime().nullable().index(),
  },
  checks: [{ name: 'age_proof_owner_check', expression: '("user_id" is null) <> ("browser_key" is null)' }],
})
export class AgeProofRecord extends AgeProofRecordSchema.class {}
AgeProofRecordSchema.setClass(AgeProofRecord)

/**
 * Daily counters for the console (core/services/age/stats.ts): page views per outcome and rule,
 * checks per method and result. Kept in memory per server and added here once a minute.
 */
const AgeDailyCountSchema = defineEntity({
  name: 'AgeDailyCount',
  properties: {
    day: p.date().primary(),
    /** 'outcome', 'rule', 'check' … */
    kind: p.string().length(20).primary(),
    /** The counted value: 'blur', 'fr', 'dev:accepted' … */
    key: p.string().length(80).primary(),
    count: p.bigint('number'),
  },
})
export class AgeDailyCount extends AgeDailyCountSchema.class {}
AgeDailyCountSchema.setClass(AgeDailyCount)

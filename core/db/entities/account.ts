import { defineEntity, p } from '@mikro-orm/core'
import { ownerReference, timeOfInsert } from './properties.js'
import { User } from './user.js'

/**
 * A passkey (WebAuthn credential) a member added on the security page. Only the public key
 * is stored; the private key never leaves the authenticator. The signature counter is kept
 * to spot a cloned authenticator (WebAuthn Level 3, "Verifying an Authentication Assertion").
 */
const PasskeySchema = defineEntity({
  name: 'Passkey',
  properties: {
    id: p.integer().primary(),
    user: () => ownerReference(User).index(),
    /** The credential id, base64url (at most 1023 bytes). */
    credentialId: p.string().length(1400).unique(),
    /** The COSE public key, base64url. */
    publicKey: p.text(),
    /** The authenticator's signature counter (unsigned 32 bits); 0 for authenticators that keep none. */
    counter: p.bigint('number').default(0),
    transports: p.array().default([]),
    /** 'singleDevice' (a security key) or 'multiDevice' (synced, e.g. through a password manager). */
    deviceType: p.string().length(20),
    backedUp: p.boolean().default(false),
    /** The member's name for it. */
    name: p.string().length(100),
    createdAt: timeOfInsert(),
    lastUsedAt: p.datetime().nullable(),
  },
})
export class Passkey extends PasskeySchema.class {}
PasskeySchema.setClass(Passkey)

export const WEBAUTHN_PURPOSES = ['register', 'signIn', 'reauthenticate'] as const

/**
 * A challenge the server handed out for one WebAuthn ceremony: used once (deleted when its
 * answer arrives), within a few minutes. Registration and re-authentication challenges belong
 * to the user who asked; sign-in ones to nobody yet.
 */
const WebauthnChallengeSchema = defineEntity({
  name: 'WebauthnChallenge',
  properties: {
    challenge: p.string().length(128).primary(),
    purpose: p.enum(WEBAUTHN_PURPOSES),
    user: () => ownerReference(User).nullable().index(),
    expiresAt: p.datetime().index(),
  },
})
export class WebauthnChallenge extends WebauthnChallengeSchema.class {}
WebauthnChallengeSchema.setClass(WebauthnChallenge)

/**
 * A change of a member's address: asked for (a link to the new address, valid for a day),
 * confirmed (the address changed, the old one got a notice with an undo link valid for 7 days),
 * and possibly undone. Only SHA-256 digests of the links' tokens are stored. While the undo link
 * is valid, the old address stays reserved for its owner.
 */
const EmailChangeSchema = defineEntity({
  name: 'EmailChange',
  properties: {
    id: p.integer().primary(),
    user: () => ownerReference(User).index(),
    oldEmail: p.string().length(320),
    newEmail: p.string().length(320),
    confirmTokenHash: p.string().length(64).unique(),
    /** The confirmation link works until then. */
    expiresAt: p.datetime(),
    confirmedAt: p.datetime().nullable(),
    undoTokenHash: p.string().length(64).nullable().unique(),
    /** The undo link works until then (7 days after the confirmation). */
    undoUntil: p.datetime().nullable(),
    undoneAt: p.datetime().nullable(),
    createdAt: timeOfInsert(),
  },
  indexes: [{ name: 'email_change_old_email_lower', expression: 'create index "email_change_old_email_lower" on "email_change" (lower("old_email"))' }],
})
export class EmailChange extends EmailChangeSchema.class {}
EmailChangeSchema.setClass(EmailChange)

import { defineEntity, p } from '@mikro-orm/core'
import { ownerReference, timeOfInsert, timeOfLastChange } from './properties.js'
import { ROLES } from '../../domain/billing/membership.js'
import { LOCALES } from '../../domain/locale.js'
import { AUTH_METHODS } from '../../domain/auth/recent-auth.js'

const UserSchema = defineEntity({
  name: 'User',
  tableName: 'app_user',
  properties: {
    id: p.integer().primary(),
    /** Stored as typed; uniqueness is case-insensitive through the lower(email) index. */
    email: p.string().length(320),
    /** argon2id; null for an account that signs in with passkeys only. */
    passwordHash: p.string().hidden().nullable(),
    emailVerifiedAt: p.datetime().nullable(),
    role: p.enum(ROLES).default('user'),
    locale: p.enum(LOCALES).default('de'),
    createdAt: timeOfInsert(),
    updatedAt: timeOfLastChange(),
  },
  uniques: [{ name: 'app_user_email_lower_unique', expression: 'create unique index "app_user_email_lower_unique" on "app_user" (lower("email"))' }],
  // The console's search by the start of an address (lower(email) like 'abc%'), whatever the database's collation.
  indexes: [{ name: 'app_user_email_prefix', expression: 'create index "app_user_email_prefix" on "app_user" (lower("email") text_pattern_ops, "id")' }],
})
export class User extends UserSchema.class {}
UserSchema.setClass(User)

const SessionSchema = defineEntity({
  name: 'Session',
  properties: {
    /** SHA-256 of the cookie token; the token itself is never stored. */
    id: p.string().length(64).primary(),
    user: () => ownerReference(User).index(),
    remember: p.boolean().default(false),
    createdAt: timeOfInsert(),
    lastSeenAt: timeOfInsert(),
    expiresAt: p.datetime().index(),
    userAgent: p.string().length(512).nullable(),
    /**
     * When the member last proved who they are in this session (sign-in, or a re-authentication
     * before a sensitive change): what "signed in during this visit" and "recently" are judged by.
     */
    authenticatedAt: p.datetime().defaultRaw('current_timestamp'),
    /** How: a password, a passkey or a mailed link (verification, reset); null for sessions from before this was kept. */
    authMethod: p.enum(AUTH_METHODS).nullable(),
    /** ISO country code where the session began, when the server knew it (the age-assurance jurisdiction); coarse on purpose. */
    country: p.string().length(2).nullable(),
  },
})
export class Session extends SessionSchema.class {}
SessionSchema.setClass(Session)

const AUTH_TOKEN_PURPOSES = ['verifyEmail', 'resetPassword'] as const

const AuthTokenSchema = defineEntity({
  name: 'AuthToken',
  properties: {
    id: p.integer().primary(),
    user: () => ownerReference(User).index(),
    purpose: p.enum(AUTH_TOKEN_PURPOSES),
    /** SHA-256 of the emailed token. */
    tokenHash: p.string().length(64).unique(),
    expiresAt: p.datetime(),
    usedAt: p.datetime().nullable(),
    createdAt: timeOfInsert(),
  },
})
export class AuthToken extends AuthTokenSchema.class {}
AuthTokenSchema.setClass(AuthToken)

import { AuthToken, Session, User } from './user.js'
import { BillingEvent, DownloadCounter, Plan, Subscription } from './billing.js'
import { Banner, Category, Image, ImageSet, ImageSetModel, Model, SearchCorpus, SearchLexeme, SearchTerm, Video, VideoModel } from './catalog.js'
import { ImageSetState, ModelState, VideoState, WatchPosition } from './interactions.js'
import { ContactMessage, ErrorFeedback, FaqEntry, LegalPage, MailMessage, RemovalReport } from './site.js'
import { RateLimitHit } from './rate-limit.js'
import { AuditEntry } from './audit.js'
import { AgeCheck, AgeDailyCount, AgeProofRecord } from './age.js'
import { EmailChange, Passkey, WebauthnChallenge } from './account.js'

export * from './user.js'
export * from './billing.js'
export * from './catalog.js'
export * from './interactions.js'
export * from './site.js'
export * from './rate-limit.js'
export * from './audit.js'
export * from './age.js'
export * from './account.js'
export * from './types.js'

export const entities = [
  User,
  Session,
  AuthToken,
  Plan,
  Subscription,
  BillingEvent,
  DownloadCounter,
  Category,
  Model,
  Video,
  VideoModel,
  ImageSet,
  ImageSetModel,
  Image,
  Banner,
  SearchTerm,
  SearchLexeme,
  SearchCorpus,
  VideoState,
  ImageSetState,
  ModelState,
  WatchPosition,
  ContactMessage,
  RemovalReport,
  ErrorFeedback,
  LegalPage,
  MailMessage,
  FaqEntry,
  RateLimitHit,
  AuditEntry,
  AgeCheck,
  AgeProofRecord,
  AgeDailyCount,
  Passkey,
  WebauthnChallenge,
  EmailChange,
]

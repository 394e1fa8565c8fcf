/**
 * "Recently signed in": a sensitive change (adding or removing a passkey, removing the
 * password, changing the address, deleting the account) needs a proof of identity from the
 * last few minutes, like GitHub's sudo mode. The session records when and how its member last
 * proved who they are (Session.authenticatedAt, authMethod): at sign-in, and again on the
 * "confirm it's you" dialog.
 */
export const AUTH_METHODS = ['password', 'passkey', 'link'] as const
export type AuthMethod = (typeof AUTH_METHODS)[number]

/** How long a proof of identity counts as recent. */
const RECENT_AUTH_MS = 5 * 60_000

export function isRecentlyAuthenticated(authenticatedAt: Date, now: Date): boolean {
  return now.getTime() - authenticatedAt.getTime() <= RECENT_AUTH_MS
}

/** The account actions limited per IP address and per account (issue 4). */
export type LimitedAction = 'login' | 'signUp' | 'forgotPassword' | 'resendVerification' | 'changePassword' | 'reauthenticate' | 'changeEmail'

/** A fixed-window limit for one kind of submission per IP address (site forms). */
export interface RateLimitRule {
  /** Attempts allowed per window. */
  limit: number
  windowSeconds: number
}

/**
 * Every rate limit of the product. Account actions count against the caller's IP address and
 * against the account (the email address asked for) in a window of RATE_LIMIT_WINDOW_MINUTES;
 * other submissions count per IP address under their own rule. Over a limit the call fails with
 * the AppError "too many attempts, wait N seconds". Counters are shared by every server process
 * (server/http/rate-limits.ts keeps them in PostgreSQL).
 */
export interface RateLimits {
  /** Counts one attempt from this IP address and (when given) for this account. */
  hit(action: LimitedAction, ip: string, account?: string): Promise<void>
  /**
   * Takes one of the account's attempts before the attempt is made (login: before the password
   * check), so parallel attempts cannot all pass a check made earlier. The attempt is given back
   * with `refund` when it succeeded, so only failures use the account's allowance.
   */
  reserve(action: LimitedAction, account: string): Promise<{ refund(): Promise<void> }>
  /** Counts one submission of `bucket` from this IP address under its own rule. */
  hitIp(bucket: string, ip: string, rule: RateLimitRule): Promise<void>
}

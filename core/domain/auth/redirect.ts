/**
 * The redirect query parameter of /login, /sign-up and /verify-email: only a path inside
 * this site is followed, never another origin ("//evil.example", "https://…", "/\\evil").
 */
export function safeRedirect(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > 2048) return undefined
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return undefined
  // Control characters and backslashes let browsers reinterpret the target.
  // eslint-disable-next-line no-control-regex -- control characters are what this rule refuses
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return undefined
  return value
}

/** The search of a login link that brings the user back to `path`. */
export function returnTo(path: string): { redirect?: string } {
  const redirect = safeRedirect(path)
  return redirect ? { redirect } : {}
}

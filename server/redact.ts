/** Query parameters whose values never reach a log line or outlive a delivered mail (mailed links carry tokens). */
const SECRET_PARAM = /token|password|secret/i

/** '/login/reset-password?token=abc&email=a%40b.c' → '/login/reset-password?token=[redacted]&email=a%40b.c' */
export function redactUrl(url: string): string {
  const at = url.indexOf('?')
  if (at < 0) return url
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const name = pair.split('=')[0] ?? ''
      let decoded = name
      try {
        decoded = decodeURIComponent(name)
      } catch {
        // A malformed name is checked as it is.
      }
      return SECRET_PARAM.test(decoded) ? `${name}=[redacted]` : pair
    })
    .join('&')
  return `${url.slice(0, at)}?${query}`
}

/** Every http(s) address in a text with its secret query values redacted (delivered mails). */
export function redactLinks(text: string): string {
  return text.replace(/https?:\/\/[^\s"'<>]+/g, (url) => redactUrl(url))
}

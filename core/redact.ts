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

/**
 * The last guard before a log line is written (server and worker): whatever a line holds, a
 * secret query value, the signature of a signed media URL (`s=`), a password in a
 * connection string, or a JSON field named like a secret (password, token, secret, cookie,
 * authorization, signature) leaves as [redacted]. Works on the serialized JSON line, so it
 * must keep it valid JSON: values stop at a quote or a backslash.
 */
const LOG_LINE_RULES: Array<[RegExp, string]> = [
  [/([?&](?:[^=&\s"\\]*(?:token|password|secret)[^=&\s"\\]*|s)=)[^&\s"\\#]+/gi, '$1[redacted]'],
  [/(%22[^%&\s"\\]*(?:token|password|secret)[^%&\s"\\]*%22%3A%22)(?:(?!%22)[^&\s"\\])+/gi, '$1[redacted]'],
  [/(\b[a-z][a-z0-9+.-]*:\/\/[^:/@\s"\\]+:)[^@\s"\\]+@/gi, '$1[redacted]@'],
  [/("[^"\\]*(?:password|token|secret|cookie|authorization|signature)[^"\\]*":)"(?:[^"\\]|\\.)*"/gi, '$1"[redacted]"'],
]

export function redactLogLine(line: string): string {
  let out = line
  for (const [pattern, replacement] of LOG_LINE_RULES) out = out.replace(pattern, replacement)
  return out
}

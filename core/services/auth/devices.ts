import Bowser from 'bowser'

/** What a session's user agent says about the device, for the member's list of sessions. */
export interface Device {
  /** e.g. 'Chrome 131'; null when the user agent names none. */
  browser: string | null
  /** e.g. 'Android 15', 'macOS'; null when unknown. */
  os: string | null
  type: 'desktop' | 'mobile' | 'tablet' | 'tv' | 'unknown'
}

const TYPES = new Set(['desktop', 'mobile', 'tablet', 'tv'])

/** Parses a user agent with bowser; whatever it cannot tell is null or 'unknown'. */
export function describeDevice(userAgent: string | null): Device {
  if (!userAgent) return { browser: null, os: null, type: 'unknown' }
  const parsed = Bowser.parse(userAgent)
  const major = parsed.browser.version?.split('.')[0]
  const browser = parsed.browser.name ? [parsed.browser.name, major].filter(Boolean).join(' ') : null
  // Browsers freeze the macOS version in the user agent: it would mislead.
  const osVersion = parsed.os.name === 'macOS' ? undefined : (parsed.os.versionName ?? parsed.os.version?.split('.')[0])
  const os = parsed.os.name ? [parsed.os.name, osVersion].filter(Boolean).join(' ') : null
  const type = parsed.platform.type && TYPES.has(parsed.platform.type) ? (parsed.platform.type as Device['type']) : 'unknown'
  return { browser, os, type }
}

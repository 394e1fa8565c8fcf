/**
 * The player's resolution rule (spec sections 4 and 9): the choice kept for the browser
 * session when the video has it; otherwise fhd when the video has it; otherwise the best the
 * video has.
 */
import type { Role } from '../billing/membership.js'
import { DEFAULT_RESOLUTION, RESOLUTIONS, type Resolution } from '../media/resolutions.js'

export const RESOLUTION_STORAGE_KEY = 'streamclub.resolution'

export function isResolution(value: unknown): value is Resolution {
  return typeof value === 'string' && (RESOLUTIONS as readonly string[]).includes(value)
}

export function chooseResolution(available: readonly Resolution[], stored: string | null | undefined): Resolution | null {
  if (isResolution(stored) && available.includes(stored)) return stored
  if (available.includes(DEFAULT_RESOLUTION)) return DEFAULT_RESOLUTION
  return [...available].sort((a, b) => RESOLUTIONS.indexOf(b) - RESOLUTIONS.indexOf(a))[0] ?? null
}

/**
 * The highest rung a member may play. Plans promise it in their features: 'uhd' (up to 4K UHD),
 * otherwise up to Full HD; administrators and permanent-access users have no cap.
 */
export function resolutionCap(role: Role, planFeatures: readonly string[] | null | undefined): Resolution {
  if (role !== 'user') return 'fuhd'
  return planFeatures?.includes('uhd') ? 'uhd' : 'fhd'
}

export function isWithinCap(resolution: Resolution, cap: Resolution): boolean {
  return RESOLUTIONS.indexOf(resolution) <= RESOLUTIONS.indexOf(cap)
}

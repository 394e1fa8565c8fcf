/** Rungs of the resolution ladder (spec section 3, Resolutions), lowest first. */
export const RESOLUTIONS = ['sd', 'hd', 'fhd', 'uhd', 'fuhd'] as const
export type Resolution = (typeof RESOLUTIONS)[number]

export const RESOLUTION_HEIGHT: Record<Resolution, number> = { sd: 480, hd: 720, fhd: 1080, uhd: 2160, fuhd: 4320 }

/** The spec's default choice when the video has it. */
export const DEFAULT_RESOLUTION: Resolution = 'fhd'

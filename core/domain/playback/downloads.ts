/**
 * Who may download (spec sections 4, 6 and 8): members whose plan includes downloads, under
 * the plan's daily limit. Each refusal has its toast, titled "Download nicht möglich" in
 * German (i18n `playback.download.*`).
 */
import { comingResolutions, mediaAvailability, type MediaState } from '../catalog/publish.js'

const DOWNLOAD_FEATURE = 'downloads'

export const DOWNLOAD_REFUSALS = ['notMember', 'noDownloads', 'limitReached', 'unavailable', 'preparing'] as const
export type DownloadRefusal = (typeof DOWNLOAD_REFUSALS)[number]

/** HTTP status of each refusal on the download routes. */
export const REFUSAL_STATUS: Record<DownloadRefusal, number> = {
  notMember: 403,
  noDownloads: 403,
  limitReached: 429,
  unavailable: 503,
  preparing: 503,
}

export interface DownloadSubject {
  isMember: boolean
  plan: { features: readonly string[]; dailyDownloadLimit: number } | null
  role: string
}

/** Daily downloads of admins and permanentAccess users who have no plan (they need none). */
const UNPLANNED_MEMBER_DAILY_LIMIT = 100

/**
 * The daily limit a membership allows, or the refusal. Admins and permanentAccess members
 * without a plan get UNPLANNED_MEMBER_DAILY_LIMIT; a plan without the downloads feature or
 * with a limit of 0 has no downloads.
 */
export function downloadAllowance(subject: DownloadSubject | null): { limit: number } | { refusal: DownloadRefusal } {
  if (!subject?.isMember) return { refusal: 'notMember' }
  const plan = subject.plan
  if (!plan && (subject.role === 'admin' || subject.role === 'permanentAccess')) return { limit: UNPLANNED_MEMBER_DAILY_LIMIT }
  if (!plan || !plan.features.includes(DOWNLOAD_FEATURE) || plan.dailyDownloadLimit <= 0) return { refusal: 'noDownloads' }
  return { limit: plan.dailyDownloadLimit }
}

/**
 * Why a video's download file is not there although the video plays: the file is the top
 * rung's, so it comes with the complete ladder ('preparing' while the higher rungs are made,
 * 'unavailable' when making them failed). Null: the file is there, if anywhere.
 */
export function videoDownloadPending(item: MediaState): DownloadRefusal | null {
  if (mediaAvailability(item) !== 'partial') return null
  return comingResolutions(item).length > 0 ? 'preparing' : 'unavailable'
}

/** The day a download counts for (UTC), as YYYY-MM-DD. */
export function downloadDay(now: Date): string {
  return now.toISOString().slice(0, 10)
}

/** A file name without characters that file systems or headers dislike. */
export function downloadFileName(title: string, extension: string, fallback: string): string {
  const base = title
    .normalize('NFKC')
    // eslint-disable-next-line no-control-regex -- control characters are what this rule refuses
    .replace(/[\u0000-\u001f\u007f<>:"/\\|?*]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 120)
  return `${base || fallback}.${extension}`
}

/** A Content-Disposition header value for an attachment, with a UTF-8 name and an ASCII fallback. */
export function attachmentHeader(fileName: string): string {
  const ascii =
    fileName
      .normalize('NFKD')
      .replace(/[^\x20-\x7e]/g, '')
      .replace(/["\\]/g, '') || 'download'
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`
}

/**
 * The same, without the UTF-8 form when the plain one says it all (an ASCII name): for the
 * presigned S3 URL, which carries the header in its query (shorter, and S3-compatible servers
 * that encode `'` differently from SigV4 still agree on the signature).
 */
export function compactAttachmentHeader(fileName: string): string {
  return /^[\x20-\x7e]+$/.test(fileName) && !/["\\]/.test(fileName) ? `attachment; filename="${fileName}"` : attachmentHeader(fileName)
}

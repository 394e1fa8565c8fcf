/**
 * Downloads as the spec says (section 7: the browser navigates to the download route), in a
 * hidden frame so the page stays: a file arrives as an attachment and the frame stays empty; a
 * refusal arrives as JSON `{ error, reason }`, which the frame shows and we read (same origin)
 * to show the toast of spec section 8. One request, counted once by the server.
 */
import { DOWNLOAD_REFUSALS, type DownloadRefusal } from '../../../core/domain/playback/downloads.js'
import { translations } from '../../lib/locale'
import { TOAST_MS, showWarning } from '../../lib/toasts'

export type DownloadTarget = { kind: 'video' | 'imageSet'; id: number }

function downloadPath({ kind, id }: DownloadTarget): string {
  return kind === 'video' ? `/download/video/${id}` : `/download/image-set/${id}`
}

/** `tour`: refused because the visitor's age must be verified first (docs/age-assurance.md). */
function refusalOf(frame: HTMLIFrameElement): DownloadRefusal | 'tour' | null {
  try {
    const text = frame.contentDocument?.body?.textContent?.trim() ?? ''
    if (!text.startsWith('{')) return null
    const reason = (JSON.parse(text) as { reason?: string }).reason
    if (reason === 'tour') return 'tour'
    return (DOWNLOAD_REFUSALS as readonly string[]).includes(reason ?? '') ? (reason as DownloadRefusal) : 'unavailable'
  } catch {
    return null
  }
}

function showDownloadRefusal(reason: DownloadRefusal | 'tour'): void {
  const t = translations()
  showWarning(reason === 'tour' ? t.errors.tourRefused() : t.playback.download[reason](), t.playback.download.title(), TOAST_MS.short)
}

/** Starts a download; a refusal shows its toast. */
export function startDownload(target: DownloadTarget): void {
  const frame = document.createElement('iframe')
  frame.hidden = true
  frame.title = 'download'
  frame.setAttribute('aria-hidden', 'true')
  frame.addEventListener('load', () => {
    const reason = refusalOf(frame)
    if (reason) showDownloadRefusal(reason)
    // A refused (or odd) answer is done; a file's frame stays until the next page load.
    if (frame.contentDocument?.body?.textContent) frame.remove()
  })
  frame.src = downloadPath(target)
  document.body.appendChild(frame)
}

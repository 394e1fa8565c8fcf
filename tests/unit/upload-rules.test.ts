import { describe, expect, it } from 'vitest'
import { cancelledReason, timeLeftSeconds } from '../../core/domain/media/pipeline.js'
import { formatBytes, isAbandonedUpload, uploadProblem, UPLOAD_ID } from '../../core/domain/media/upload.js'

describe('uploadProblem: what the console’s upload takes', () => {
  it('takes a plain video file name within the size limit', () => {
    expect(uploadProblem('Sunset Clip.MP4', 1000, 5000)).toBeNull()
    expect(uploadProblem('take.mts', null, 5000)).toBeNull()
  })
  it('refuses folders, hidden files, control characters, other types, empty and too large files', () => {
    expect(uploadProblem('../up.mp4', 10, 5000)).toBe('uploadName')
    expect(uploadProblem('a\\b.mp4', 10, 5000)).toBe('uploadName')
    expect(uploadProblem('.hidden.mp4', 10, 5000)).toBe('uploadName')
    expect(uploadProblem('bell\u0007.mp4', 10, 5000)).toBe('uploadName')
    expect(uploadProblem('', 10, 5000)).toBe('uploadName')
    expect(uploadProblem('notes.txt', 10, 5000)).toBe('uploadType')
    expect(uploadProblem('mp4', 10, 5000)).toBe('uploadType')
    expect(uploadProblem('empty.mp4', 0, 5000)).toBe('uploadEmpty')
    expect(uploadProblem('huge.mp4', 5001, 5000)).toBe('uploadTooLarge')
  })
  it('formats limits as file managers do', () => {
    expect(formatBytes(50_000_000_000, 'en')).toBe('50 GB')
    expect(formatBytes(1_500_000, 'de')).toBe('1,5 MB')
  })
})

describe('resumable uploads', () => {
  it('names uploads with 32 hex digits only (the last part of their URL, and a file name)', () => {
    expect(UPLOAD_ID.test('0123456789abcdef0123456789abcdef')).toBe(true)
    for (const id of ['../../etc/passwd', '0123456789ABCDEF0123456789ABCDEF', '0123456789abcdef0123456789abcde', '0123456789abcdef0123456789abcdef.json'])
      expect(UPLOAD_ID.test(id), id).toBe(false)
  })
  it('gives up an upload only after it received nothing for the whole expiry', () => {
    const now = new Date('2026-11-27T12:00:00Z')
    const day = 24 * 3_600_000
    expect(isAbandonedUpload(new Date('2026-11-26T12:00:00Z'), now, day)).toBe(false)
    expect(isAbandonedUpload(new Date('2026-11-26T11:59:59Z'), now, day)).toBe(true)
    expect(isAbandonedUpload(now, now, day)).toBe(false)
  })
})

describe('timeLeftSeconds: the pipeline board’s estimate', () => {
  it('carries the rate so far forward', () => {
    expect(timeLeftSeconds(0.25, 30)).toBe(90)
    expect(timeLeftSeconds(0.5, 61)).toBe(61)
    expect(timeLeftSeconds(0.999, 100)).toBe(1)
  })
  it('says nothing while it cannot be honest: not running, too early, no progress yet, done', () => {
    expect(timeLeftSeconds(0.5, null)).toBeNull()
    expect(timeLeftSeconds(0.5, 4.9)).toBeNull()
    expect(timeLeftSeconds(0.019, 600)).toBeNull()
    expect(timeLeftSeconds(Number.NaN, 600)).toBeNull()
    expect(timeLeftSeconds(1, 600)).toBeNull()
  })
  it('names who cancelled an item', () => {
    expect(cancelledReason('ops@example.com')).toBe('cancelled in the operations console by ops@example.com')
  })
})

import { describe, expect, it } from 'vitest'
import { isExplicitMediaPath, isTourMediaPath, storedPathOfUrl, tourBlurOf, tourPathOf } from '../../core/domain/media/tour.js'

describe('tour media rules', () => {
  it('names the tour rendition beside its picture', () => {
    expect(tourPathOf('public/abc/poster-640.jpg')).toBe('public/abc/poster-640.tour.jpg')
    expect(tourPathOf('public/pictures/k/avatar.jpg')).toBe('public/pictures/k/avatar.tour.jpg')
  })

  it('calls only public tour renditions tour-safe; every other file is explicit', () => {
    for (const stored of [
      'public/abc/poster-640.tour.jpg',
      'public/abc/poster-640.tour.webp',
      'public/demo/banners/1-800.tour.jpg',
      'public/abc/previews/001.tour.webp',
    ]) {
      expect(isTourMediaPath(stored), stored).toBe(true)
      expect(isExplicitMediaPath(stored), stored).toBe(false)
    }
    for (const stored of [
      'public/abc/poster-640.jpg',
      'public/abc/poster-640.webp',
      'public/abc/stills/01.jpg',
      'public/abc/preview.mp4',
      'public/abc/thumb.mp4',
      'protected/abc/hls/master.m3u8',
      'protected/abc/poster-640.tour.jpg',
      'sources/abc/poster.tour.jpg',
      'public/abc/poster.tour.jpg/../poster.jpg',
      'public/abc/../abc/poster.tour.jpg',
      'public/abc//poster.tour.jpg',
      'public/abc/poster.tour.mp4',
      'public/abc/.tour.jpg',
      'public/poster.tour.jpg?x',
      '',
    ]) {
      expect(isExplicitMediaPath(stored), stored).toBe(true)
    }
  })

  it('maps this site’s media URLs to stored paths, decoded, and leaves other URLs alone', () => {
    expect(storedPathOfUrl('/media/abc/poster-640.tour.jpg?v=1')).toBe('public/abc/poster-640.tour.jpg')
    expect(storedPathOfUrl('/protected/abc/hls/master.m3u8?sig=x')).toBe('protected/abc/hls/master.m3u8')
    expect(storedPathOfUrl('/media/abc/poster.tour.jpg%2F..%2Fposter.jpg')).toBe('public/abc/poster.tour.jpg/../poster.jpg')
    expect(isExplicitMediaPath(storedPathOfUrl('/media/abc/poster.tour.jpg%2F..%2Fposter.jpg')!)).toBe(true)
    expect(isExplicitMediaPath(storedPathOfUrl('/media/abc/%E0%A4%A')!)).toBe(true)
    expect(storedPathOfUrl('/en/videos/1')).toBeNull()
  })

  it('blurs every size to 16 pixels on its long side, at an eighth of its size', () => {
    expect(tourBlurOf(1280, 720)).toEqual({ tinyWidth: 16, tinyHeight: 9, blurWidth: 160, blurHeight: 90, sigma: 3.2 })
    expect(tourBlurOf(600, 800)).toEqual({ tinyWidth: 12, tinyHeight: 16, blurWidth: 75, blurHeight: 100, sigma: 2 })
    expect(tourBlurOf(1600, 500)).toEqual({ tinyWidth: 16, tinyHeight: 5, blurWidth: 200, blurHeight: 63, sigma: 4 })
    expect(tourBlurOf(64, 64)).toMatchObject({ tinyWidth: 16, tinyHeight: 16, blurWidth: 16, blurHeight: 16, sigma: 1 })
  })
})

import type { BaseTranslation } from '../i18n-types.js'

export default {
  player: {
    play: 'Play video',
    playFor: 'Play: {title:string}',
    resolution: 'Resolution',
    resolutionPreparing: '{resolution:string} (soon)',
    seekBackBy: 'Back {seconds:number} seconds',
    seekForwardBy: 'Forward {seconds:number} seconds',
    playing: 'Playing in {resolution:string}',
    resolutionChoice: 'Resolution: {resolution:string}',
    failed: 'The video cannot be played right now. Please try again later.',
    preparing: 'This video is still being prepared.',
    membersOnlyHint: 'Members watch in full length. You are signed in without a membership yet.',
  },
  resume: {
    resumeAt: 'Resume at {time:string}',
    startOver: 'Start over',
    continueWatching: 'Continue watching',
    watched: '{percent:number} % watched',
  },
  actions: {
    like: 'Like',
    dislike: 'Dislike',
    favorite: 'Favorite',
    watchLater: 'Watch later',
    download: 'Download',
    downloadStarted: 'Your download is starting.',
    failed: 'Your change could not be saved. Please try again.',
  },
  download: {
    title: 'Download not possible',
    notMember: 'Only members may download content',
    noDownloads: 'Your membership does not include downloads',
    limitReached: 'You have reached your daily download limit. Try again tomorrow!',
    unavailable: 'This content is temporarily not downloadable due to a technical error. Please try again later.',
    preparing: 'The download follows once this video’s higher resolutions are ready. Please try again in a few minutes.',
  },
  previews: {
    fullSizeHint: 'Members see the preview images in full resolution.',
    open: 'Open preview image {index:number} in full size',
  },
  lightbox: {
    open: 'Open image {index:number}',
    close: 'Close',
    previous: 'Previous image',
    next: 'Next image',
    position: 'Image {index:number} of {count:number}',
    original: 'Open the original',
  },
  lists: {
    favoritesTabs: 'Favorites',
    watchLaterTabs: 'Watch later',
    noFavorites: 'You have no favorites here yet. Mark videos, image sets and models with the heart to find them here.',
    noWatchLater: 'Nothing saved for later yet. Use "Watch later" on a video or image set to find it here.',
  },
} satisfies BaseTranslation

import { MEDIA_TASKS } from '../../core/services/media/ingest.js'
import { mediaTask } from '../media/media-task.js'
import { processImageSet } from '../media/image-set-pipeline.js'

/** Renditions, thumbnails and originals of one image set: payload { id }. */
export const mediaProcessImageSetTask = mediaTask(MEDIA_TASKS.processImageSet, 'image_set', processImageSet)

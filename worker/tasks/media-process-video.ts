import { MEDIA_TASKS } from '../../core/services/media/ingest.js'
import { mediaTask } from '../media/media-task.js'
import { processVideo } from '../media/video-pipeline.js'

/** Probe, HLS ladder, download file, stills, clips and scrub thumbnails of one video: payload { id }. */
export const mediaProcessVideoTask = mediaTask(MEDIA_TASKS.processVideo, 'video', processVideo)

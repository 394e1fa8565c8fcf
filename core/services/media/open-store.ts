import type { Config } from '../../config.js'
import { MediaStore } from './store.js'

const stores = new WeakMap<Config, Promise<MediaStore>>()

/**
 * The media store of a configuration, made once: the local disk (MEDIA_DIR), or the S3 bucket
 * (MEDIA_STORE=s3; the AWS SDK is loaded only then).
 */
export function openMediaStore(config: Config): Promise<MediaStore> {
  let store = stores.get(config)
  if (!store) {
    const settings = config.mediaStore
    store =
      settings.kind === 's3'
        ? import('./store-s3.js').then(({ S3MediaStore }) => new S3MediaStore(config.mediaDir, settings))
        : Promise.resolve(new MediaStore(config.mediaDir))
    stores.set(config, store)
  }
  return store
}

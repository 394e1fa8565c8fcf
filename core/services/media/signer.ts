import type { Config } from '../../config.js'
import { MediaSigner } from './signing.js'

const signers = new WeakMap<Config, MediaSigner>()

/** The media URL signer of a configuration (APP_SECRET, MEDIA_URL_TTL_SECONDS), made once. */
export function mediaSignerFor(config: Config): MediaSigner {
  let signer = signers.get(config)
  if (!signer) {
    signer = new MediaSigner(config.appSecret, config.mediaUrlTtlSeconds)
    signers.set(config, signer)
  }
  return signer
}

/**
 * What an adapter throws instead of returning a result. The check stays as it was in all three
 * cases: only a result (`AgeMethodResult`, yes or no) changes it.
 */

/**
 * The call is not a result at all: a forged or stale signature, an event seen before, a
 * malformed body. Answer the caller with `status`; nothing changes.
 */
export class AgeResponseRejected extends Error {
  override name = 'AgeResponseRejected'
  constructor(
    readonly status: 400 | 401 | 404 | 409 | 415,
    readonly reason: string,
  ) {
    super(reason)
  }
}

/** The provider has no final result yet (it comes later, by webhook): keep waiting. */
export class AgeResultPending extends Error {
  override name = 'AgeResultPending'
}

/**
 * The provider cannot be reached or answered nonsense (discovery, session creation, token
 * endpoint): the visitor may try again later or choose another method.
 */
export class AgeMethodUnavailable extends Error {
  override name = 'AgeMethodUnavailable'
}

/**
 * The signed-in user's partial updates of an item (rating, favorite, watch later, view) with
 * an optimistic UI: the detail page's data changes at once and rolls back when the server
 * refuses. Updates of one item run one after another (a mutation scope), so the last click
 * wins, and the server's answer is applied when the last one is done.
 */
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query'
import { useCallback } from 'react'
import type { Locale } from '../../../core/domain/locale.js'
import type { InteractionKind } from '../../../core/domain/schemas/interactions.js'
import { useI18n } from '../../lib/locale'
import { showError } from '../../lib/toasts'
import { useTRPC, type Trpc } from '../../lib/trpc'
import { useRequireLogin } from '../auth/hooks'
import { fetchMe } from '../auth/session'
import type { Rating, UserItemState, InteractionResult } from '../../lib/api-types.js'

export type Change = { rating: Rating | null } | { favorite: boolean } | { watch_later: boolean } | { view: true }

interface Counted {
  id: number
  likes: number
  dislikes: number
  views?: number
  state: UserItemState | null
}

const EMPTY: UserItemState = { rating: null, favorite: false, watchLater: false, view: false }

/** The item after a change, as the server will store it (counts follow the rating). */
function applyChange<T extends Counted>(item: T, change: Change): T {
  const state = item.state ?? EMPTY
  if ('rating' in change) {
    const delta = (rating: Rating | null, which: Rating) => (rating === which ? 1 : 0)
    return {
      ...item,
      likes: item.likes + delta(change.rating, 'like') - delta(state.rating, 'like'),
      dislikes: item.dislikes + delta(change.rating, 'dislike') - delta(state.rating, 'dislike'),
      state: { ...state, rating: change.rating },
    }
  }
  if ('favorite' in change) return { ...item, state: { ...state, favorite: change.favorite } }
  if ('watch_later' in change) return { ...item, state: { ...state, watchLater: change.watch_later } }
  return { ...item, views: item.views === undefined || state.view ? item.views : item.views + 1, state: { ...state, view: true } }
}

function detailKey(trpc: Trpc, kind: InteractionKind, locale: Locale, id: number): QueryKey {
  const input = { locale, id }
  if (kind === 'video') return trpc.catalog.video.queryKey(input)
  if (kind === 'imageSet') return trpc.catalog.imageSet.queryKey(input)
  return trpc.catalog.model.queryKey(input)
}

/** Personal lists (favorites, watch later) are stale after any change. */
const isPersonalList = (key: QueryKey) => {
  const input = (key[1] as { input?: { favorite?: boolean; watch_later?: boolean } } | undefined)?.input
  return !!(input?.favorite || input?.watch_later)
}

export function useInteraction(kind: InteractionKind, id: number) {
  const { LL, locale } = useI18n()
  const queryClient = useQueryClient()
  const trpc = useTRPC()
  const requireLogin = useRequireLogin()
  const key = detailKey(trpc, kind, locale, id)
  const scope = `interaction:${kind}:${id}`
  const mutation = useMutation(
    trpc.interactions.update.mutationOptions({
      scope: { id: scope },
      onMutate: async (input) => {
        await queryClient.cancelQueries({ queryKey: key })
        const previous = queryClient.getQueryData<Counted>(key)
        if (previous) queryClient.setQueryData<Counted>(key, applyChange(previous, input as Change))
        return { previous }
      },
      onError: (_error, _input, context) => {
        if (context?.previous) queryClient.setQueryData(key, context.previous)
        void queryClient.invalidateQueries({ queryKey: key })
        showError(LL.playback.actions.failed())
      },
      onSuccess: (result: InteractionResult) => {
        // Only the last of several quick clicks says what the item is now.
        const pending = queryClient.getMutationCache().findAll({ status: 'pending', predicate: (m) => m.options.scope?.id === scope })
        if (pending.length > 1) return
        const current = queryClient.getQueryData<Counted>(key)
        if (current) {
          queryClient.setQueryData<Counted>(key, {
            ...current,
            likes: result.likes,
            dislikes: result.dislikes,
            ...(current.views !== undefined ? { views: result.views } : {}),
            state: result.state,
          })
        }
        void queryClient.invalidateQueries({ predicate: (query) => isPersonalList(query.queryKey), refetchType: 'none' })
      },
    }),
  )
  const update = useCallback(
    async (change: Change, { requireUser = true } = {}) => {
      // Who is signed in may still be loading right after the page opened: ask, then decide.
      if (requireUser && !(await fetchMe({ queryClient, trpc }).catch(() => null))) return void requireLogin({ returnHere: true })
      mutation.mutate({ kind, id, ...change })
    },
    [mutation, requireLogin, queryClient, trpc, kind, id],
  )
  return update
}

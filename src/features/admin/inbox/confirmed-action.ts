import { useQueryClient } from '@tanstack/react-query'
import { showSubmitError } from '../../../lib/forms'
import { showSuccess } from '../../../lib/toasts'

/**
 * A console button's change after the browser's confirmation: the audited mutation, its
 * success (or the server's translated refusal) as a toast, then the console's reads under
 * `queryKey` fetched again, so the page shows the stored state either way.
 */
export function useConfirmedAction<R>(queryKey: readonly unknown[], mutate: () => Promise<R>, confirmation: string, done: (result: R) => string) {
  const queryClient = useQueryClient()
  return async () => {
    if (!window.confirm(confirmation)) return
    try {
      showSuccess(done(await mutate()))
    } catch (error) {
      showSubmitError({ setErrors: () => undefined }, error)
    }
    await queryClient.invalidateQueries({ queryKey })
  }
}

/**
 * A console form's save that stays on the page: the audited mutation, the server's field
 * messages onto the form (or its refusal as a toast), the success toast, the reads under
 * `queryKey` fetched again.
 */
export function useStayingSave(queryKey: readonly unknown[]) {
  const queryClient = useQueryClient()
  return async (form: { setErrors: (errors: Record<string, string>) => void }, run: () => Promise<unknown>, done: string) => {
    try {
      await run()
    } catch (error) {
      showSubmitError(form, error)
      return
    }
    showSuccess(done)
    await queryClient.invalidateQueries({ queryKey })
  }
}

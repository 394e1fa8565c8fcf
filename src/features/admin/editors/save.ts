import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { showSubmitError } from '../../../lib/forms'
import { useI18n } from '../../../lib/locale'
import { showSuccess } from '../../../lib/toasts'
import { useTRPC } from '../../../lib/trpc'

/**
 * An editor form's save: the audited mutation, the server's field messages onto the form,
 * the console's cached reads dropped, then back to the list.
 */
export function useEditorSave(listPath: string) {
  const { LL } = useI18n()
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return async (form: { setErrors: (errors: Record<string, string>) => void }, run: () => Promise<unknown>, done: string = LL.editors.common.saved()) => {
    try {
      await run()
    } catch (error) {
      showSubmitError(form, error)
      return false
    }
    showSuccess(done)
    await queryClient.invalidateQueries({ queryKey: trpc.admin.pathKey() })
    await navigate({ to: listPath })
    return true
  }
}

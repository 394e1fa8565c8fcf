import { Button, Group, Modal, Stack, TextInput } from '@mantine/core'
import { useMutation } from '@tanstack/react-query'
import { renamePasskeySchema } from '../../../core/domain/schemas/account.js'
import { applyServerErrors, useSchemaForm } from '../../lib/forms'
import { useI18n } from '../../lib/locale'
import { showSuccess } from '../../lib/toasts'
import { useTRPC } from '../../lib/trpc'
import { expectedErrorMessage, FormAlert } from '../auth/AuthPanel'
import { useState } from 'react'

/** The dialog that renames one passkey; the server checks the name (1 to 100 characters). */
export function RenamePasskey({ passkey, onClose }: { passkey: { id: number; name: string }; onClose: (renamed: boolean) => void }) {
  const trpc = useTRPC()
  const { LL } = useI18n()
  const rename = useMutation(trpc.account.renamePasskey.mutationOptions())
  const [message, setMessage] = useState<string | null>(null)
  const form = useSchemaForm<{ id: number; name: string }>(renamePasskeySchema, { initialValues: { id: passkey.id, name: passkey.name } })

  const onSubmit = form.onSubmit(async (values) => {
    setMessage(null)
    try {
      await rename.mutateAsync(values)
    } catch (error) {
      if (!applyServerErrors(form, error)) setMessage(expectedErrorMessage(error))
      return
    }
    showSuccess(LL.account.passkeys.renamed())
    onClose(true)
  })

  return (
    <Modal
      opened
      onClose={() => onClose(false)}
      title={LL.account.passkeys.renameTitle()}
      closeButtonProps={{ 'aria-label': LL.account.reauth.cancel() }}
      centered
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <FormAlert message={message} />
          <TextInput label={LL.account.passkeys.name()} required autoComplete="off" data-autofocus {...form.getInputProps('name')} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => onClose(false)}>
              {LL.account.reauth.cancel()}
            </Button>
            <Button type="submit" loading={rename.isPending}>
              {LL.account.passkeys.save()}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}

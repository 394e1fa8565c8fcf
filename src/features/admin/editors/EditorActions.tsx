import { Button, Group } from '@mantine/core'
import type { ReactNode } from 'react'
import { AnchorLink } from '../../../components/anchor-links'
import { useI18n } from '../../../lib/locale'

/** An editor form's buttons: save, delete (after a confirmation) where a row can go, other links, back to the list. */
export function EditorActions({
  saving,
  backTo,
  remove,
  children,
}: {
  saving: boolean
  backTo: '/admin/models' | '/admin/categories' | '/admin/banners' | '/admin/plans' | '/admin/faq' | '/admin/legal'
  /** The row's name in the confirmation, and what deleting does. */
  remove?: { name: string; pending: boolean; run: () => void } | null
  children?: ReactNode
}) {
  const { LL } = useI18n()
  return (
    <Group gap="md">
      <Button type="submit" loading={saving} mih={44}>
        {LL.editors.common.save()}
      </Button>
      {remove && (
        <Button
          color="red"
          variant="light"
          mih={44}
          loading={remove.pending}
          onClick={() => window.confirm(LL.editors.common.confirmRemove({ name: remove.name })) && remove.run()}
        >
          {LL.editors.common.remove()}
        </Button>
      )}
      {children}
      <AnchorLink to={backTo}>{LL.editors.common.back()}</AnchorLink>
    </Group>
  )
}

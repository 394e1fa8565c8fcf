import { NativeSelect } from '@mantine/core'
import { useNavigate } from '@tanstack/react-router'
import { useI18n } from '../../../lib/locale'

/** A list's filter kept in the address (`?filter=`), back to its first page when it changes. */
export function ListFilter<F extends string>({ value, options, label }: { value: F; options: ReadonlyArray<{ value: F; label: string }>; label?: string }) {
  const { LL } = useI18n()
  const navigate = useNavigate()
  return (
    <NativeSelect
      label={label ?? LL.inbox.common.show()}
      value={value}
      data={options.map((o) => ({ value: o.value, label: o.label }))}
      onChange={(event) =>
        void navigate({ to: '.', search: ((prev: Record<string, unknown>) => ({ ...prev, filter: event.currentTarget.value, page: 1 })) as never })
      }
      maw={360}
    />
  )
}

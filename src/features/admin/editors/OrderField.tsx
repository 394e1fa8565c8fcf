import { NumberInput, type NumberInputProps } from '@mantine/core'
import { useI18n } from '../../../lib/locale'

/** A row's place in its list (0 to 10,000, lowest first), as every editor with an order asks for it. */
export function OrderField(props: NumberInputProps) {
  const { LL } = useI18n()
  return <NumberInput label={LL.editors.common.order()} description={LL.editors.common.orderHint()} min={0} max={10000} allowDecimal={false} {...props} />
}

import { PasswordInput, type PasswordInputProps } from '@mantine/core'
import { useI18n } from '../../lib/locale'

/** A password input whose show/hide toggle is named in the page's language. */
export function PasswordField(props: PasswordInputProps) {
  const { LL } = useI18n()
  return <PasswordInput visibilityToggleButtonProps={{ 'aria-label': LL.auth.showPassword() }} {...props} />
}

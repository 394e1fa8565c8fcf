import { PasswordInput, type PasswordInputProps } from '@mantine/core'
import { useI18n } from '../../lib/locale'

/** A password input whose show/hide toggle is named in the page's language. */
export function PasswordField(props: PasswordInputProps) {
  const { LL } = useI18n()
  return <PasswordInput visibilityToggleButtonProps={{ 'aria-label': LL.auth.showPassword() }} {...props} />
}

/** A field for a new password (sign-up, reset, change, set again): the password rules beside it, and the browser may suggest one. */
export function NewPasswordField(props: PasswordInputProps) {
  const { LL } = useI18n()
  return <PasswordField description={LL.auth.passwordHint()} autoComplete="new-password" required {...props} />
}

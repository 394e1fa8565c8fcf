import type { BaseTranslation } from '../../i18n-types.js'

/** The `mail` texts. */
const en_mail = {
  greeting: 'Hello,',
  signature: 'Your Streamclub team',
  verify: {
    subject: 'Confirm your email address',
    text: 'thank you for signing up at Streamclub. Please confirm your email address with this link:',
    action: 'Confirm email address',
    note: 'The link is valid for 24 hours. If you did not sign up at Streamclub, you can ignore this email.',
  },
  reset: {
    subject: 'Choose a new password',
    text: 'we were asked to reset the password of your Streamclub account. Choose a new password with this link:',
    action: 'Choose a new password',
    note: 'The link is valid for one hour and works once. If you did not ask for it, ignore this email: your password stays as it is.',
  },
  exists: {
    subject: 'You already have a Streamclub account',
    text: 'someone, probably you, just tried to sign up at Streamclub with this email address. You already have an account with it. If you no longer know your password, choose a new one here:',
    action: 'Reset your password',
    note: 'If it was not you, ignore this email: nothing has changed in your account.',
  },
} satisfies BaseTranslation

export default en_mail

import type { UseFormRegisterReturn } from 'react-hook-form'
import { TextField } from '@/components/ui/text-field'

interface NewPasswordFieldsProps {
  /** Prefix of the inputs' ids ('reset' → reset-new-password, reset-confirm-password). */
  idPrefix: string
  newPassword: UseFormRegisterReturn
  confirmPassword: UseFormRegisterReturn
  newPasswordError?: string
  confirmPasswordError?: string
  autoFocus?: boolean
}

/** New password and its confirmation, as both reset forms ask for them. */
export function NewPasswordFields({
  idPrefix,
  newPassword,
  confirmPassword,
  newPasswordError,
  confirmPasswordError,
  autoFocus,
}: NewPasswordFieldsProps) {
  const fields = [
    { id: `${idPrefix}-new-password`, label: 'New password', props: newPassword, error: newPasswordError, autoFocus },
    { id: `${idPrefix}-confirm-password`, label: 'Confirm password', props: confirmPassword, error: confirmPasswordError },
  ]
  return fields.map(({ id, label, props, error, autoFocus: focus }) => (
    <TextField
      key={id}
      id={id}
      label={label}
      type="password"
      autoComplete="new-password"
      autoFocus={focus}
      error={error}
      {...props}
    />
  ))
}

import type { UseFormRegisterReturn } from 'react-hook-form'
import { FieldError } from '@/components/ui/field-error'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'

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
    <div key={id} className="flex flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="password"
        autoComplete="new-password"
        autoFocus={focus}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...props}
      />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  ))
}

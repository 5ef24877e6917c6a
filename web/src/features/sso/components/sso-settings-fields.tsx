import { useId } from 'react'
import type { FieldErrors, UseFormRegister } from 'react-hook-form'
import { TextField } from '@/components/ui/text-field'
import type { SsoFormInput } from '../lib/sso-form'

interface FieldsProps {
  register: UseFormRegister<SsoFormInput>
  errors: FieldErrors<SsoFormInput>
  secretSet: boolean
}

/** The provider: its name on the button, its issuer, and the client registered with it. */
export function ProviderFields({ register, errors, secretSet }: FieldsProps) {
  const id = useId()
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        id={`${id}-name`}
        label="Provider name"
        placeholder="e.g. Okta"
        maxLength={100}
        error={errors.displayName?.message}
        {...register('displayName')}
      />
      <TextField
        id={`${id}-issuer`}
        label="Issuer URL"
        placeholder="https://login.example.com/tenant"
        inputMode="url"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={500}
        error={errors.issuer?.message}
        {...register('issuer')}
      />
      <TextField
        id={`${id}-client-id`}
        label="Client ID"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={255}
        error={errors.clientId?.message}
        {...register('clientId')}
      />
      <TextField
        id={`${id}-client-secret`}
        label="Client secret"
        type="password"
        autoComplete="new-password"
        placeholder={secretSet ? 'Saved (leave empty to keep it)' : ''}
        maxLength={2000}
        error={errors.clientSecret?.message}
        {...register('clientSecret')}
      />
    </div>
  )
}

const UNKNOWN_EMAIL_CHOICES = [
  { value: 'refuse', label: 'Refuse them', hint: 'Only people who already have an account can sign in.' },
  {
    value: 'create',
    label: 'Create an account',
    hint: "A 'user' account, linked to the employee with that e-mail address (refused when there is none).",
  },
] as const

/** What happens to an e-mail address no account of the organization uses. */
export function UnknownEmailsChoice({ register }: Pick<FieldsProps, 'register'>) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium">Unknown e-mail addresses</legend>
      {UNKNOWN_EMAIL_CHOICES.map(({ value, label, hint }) => (
        <label key={value} className="flex cursor-pointer gap-3 rounded-lg border p-3 has-checked:border-primary">
          <input type="radio" value={value} className="mt-1 accent-primary" {...register('unknownEmails')} />
          <span className="flex flex-col">
            <span className="text-sm font-medium">{label}</span>
            <span className="text-xs text-muted-foreground">{hint}</span>
          </span>
        </label>
      ))}
    </fieldset>
  )
}

/** Whether the sign-in screen offers the provider's button. */
export function EnabledSwitch({ register }: Pick<FieldsProps, 'register'>) {
  return (
    <label className="flex cursor-pointer items-start gap-3">
      <input type="checkbox" className="mt-1 size-4 accent-primary" {...register('enabled')} />
      <span className="flex flex-col">
        <span className="text-sm font-medium">Single sign-on switched on</span>
        <span className="text-xs text-muted-foreground">
          The sign-in screen offers 'Sign in with' the provider. Switched off, it does not, and nobody signs in
          through it.
        </span>
      </span>
    </label>
  )
}

/** The callback addresses the provider must know. */
export function RedirectUris({ uris }: { uris: readonly string[] }) {
  return (
    <div className="flex flex-col gap-1 rounded-lg bg-muted p-3 text-xs">
      <span className="font-medium">Register these redirect URIs with your provider:</span>
      <ul className="flex flex-col gap-0.5">
        {uris.map((uri) => (
          <li key={uri} className="font-mono break-all">
            {uri}
          </li>
        ))}
      </ul>
    </div>
  )
}

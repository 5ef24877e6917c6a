import { useId } from 'react'
import { useWatch, type UseFormReturn } from 'react-hook-form'
import { VisibilityChoice } from '@/components/visibility-choice'
import type { OrganizationFormInput, OrganizationFormValues } from '../lib/organization-form'
import { usePlatformConfig } from '../api/platform-session'

type OrganizationForm = UseFormReturn<OrganizationFormInput, unknown, OrganizationFormValues>

/**
 * Create only: who sees what in the new organisation (open unless chosen), and, once an
 * administrator e-mail is given, a set-up link for that person instead of the shared
 * Administrator sign-in's guessable first password.
 */
export function AccessFields({ form }: { form: OrganizationForm }) {
  const { control, setValue, register } = form
  const visibility = useWatch({ control, name: 'visibility' })
  const adminEmail = useWatch({ control, name: 'adminEmail' })
  const mail = usePlatformConfig().data?.mailConfigured ?? false
  const noteId = useId()
  return (
    <>
      <div className="flex flex-col gap-2 sm:col-span-2">
        <VisibilityChoice
          name="new-organization-visibility"
          value={visibility}
          onChange={(value) => setValue('visibility', value, { shouldDirty: true })}
          describedBy={noteId}
        />
        <p id={noteId} className="text-xs text-muted-foreground">
          {visibility === 'need_to_know'
            ? 'Managers sign in with their own account (the shared Manager sign-in starts switched off). The organisation can change this later.'
            : 'The organisation can switch to Need to know later under Admin → Organization Settings.'}
        </p>
      </div>
      {adminEmail.trim() !== '' && (
        <label className="flex items-start gap-3 rounded-lg border p-3 sm:col-span-2 has-disabled:opacity-60">
          <input type="checkbox" className="mt-0.5 size-4 accent-primary" disabled={!mail} {...register('sendSetupLink')} />
          <span className="flex flex-col gap-0.5">
            <span className="text-sm font-medium">Send a set-up link instead of a default password</span>
            <span className="text-xs text-muted-foreground">
              {mail
                ? 'Makes an administrator account for this e-mail address and sends it a link to choose a password. The shared Administrator sign-in starts switched off.'
                : 'E-mail is not set up on this server, so a set-up link cannot be sent.'}
            </span>
          </span>
        </label>
      )}
    </>
  )
}

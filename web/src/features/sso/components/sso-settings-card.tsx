import { zodResolver } from '@hookform/resolvers/zod'
import { KeyRound } from 'lucide-react'
import { useMemo, useState } from 'react'
import { useForm } from 'react-hook-form'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { errorMessage } from '@/lib/api-client'
import { useResetOnChange } from '@/lib/use-reset-on-change'
import { toast } from '@/lib/use-toast'
import {
  type SsoSettings,
  useRemoveSsoSettings,
  useSaveSsoSettings,
  useSsoSettings,
} from '../api/sso-settings'
import { formValues, requestBody, ssoFormSchema, type SsoFormInput, type SsoFormValues } from '../lib/sso-form'
import { SsoConnectionTest } from './sso-connection-test'
import { EnabledSwitch, ProviderFields, RedirectUris, UnknownEmailsChoice } from './sso-settings-fields'

const failed = (title: string) => (error: unknown) =>
  toast({ variant: 'destructive', title, description: errorMessage(error, 'Please try again.') })

/** The form, filled in again from the saved settings whenever they change. */
function useSsoForm(saved: SsoSettings) {
  const save = useSaveSsoSettings()
  const schema = useMemo(() => ssoFormSchema(saved), [saved])
  const form = useForm<SsoFormInput, unknown, SsoFormValues>({
    resolver: zodResolver(schema),
    defaultValues: formValues(saved),
  })
  useResetOnChange([saved], () => form.reset(formValues(saved)))

  const onSubmit = form.handleSubmit((values) =>
    save.mutateAsync(requestBody(values)).then(
      (now) => toast({ title: 'Single sign-on saved', description: now.enabled ? 'It is switched on.' : 'It is switched off.' }),
      failed('Failed to save single sign-on'),
    ),
  )
  // The connection test takes the issuer typed now, once its own rules pass.
  const issuer = async () => ((await form.trigger('issuer')) ? form.getValues('issuer').trim() : undefined)
  return { form, onSubmit, issuer, saving: save.isPending }
}

function RemoveSso() {
  const remove = useRemoveSsoSettings()
  const [asking, setAsking] = useState(false)
  if (!asking) {
    return (
      <Button type="button" variant="ghost" onClick={() => setAsking(true)}>
        Remove
      </Button>
    )
  }
  const confirm = () =>
    remove.mutate(undefined, {
      onSuccess: () => toast({ title: 'Single sign-on removed' }),
      onError: failed('Failed to remove single sign-on'),
      onSettled: () => setAsking(false),
    })
  return (
    <div role="group" aria-label="Remove single sign-on?" className="flex flex-wrap items-center gap-2">
      <span className="text-sm">Remove single sign-on and its client secret?</span>
      <Button type="button" variant="destructive" onClick={confirm} disabled={remove.isPending}>
        {remove.isPending ? 'Removing...' : 'Yes, remove'}
      </Button>
      <Button type="button" variant="outline" onClick={() => setAsking(false)} disabled={remove.isPending}>
        Cancel
      </Button>
    </div>
  )
}

function SsoSettingsForm({ saved }: { saved: SsoSettings }) {
  const { form, onSubmit, issuer, saving } = useSsoForm(saved)
  const { register, formState } = form
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      <ProviderFields register={register} errors={formState.errors} secretSet={saved.clientSecretSet} />
      <RedirectUris uris={saved.redirectUris} />
      <SsoConnectionTest issuer={issuer} />
      <UnknownEmailsChoice register={register} />
      <EnabledSwitch register={register} />
      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving...' : 'Save single sign-on'}
        </Button>
        {saved.configured && <RemoveSso />}
      </div>
    </form>
  )
}

function Status({ saved }: { saved: SsoSettings | undefined }) {
  if (!saved) return null
  if (!saved.configured) return <Badge variant="outline">Not set up</Badge>
  return saved.enabled ? <Badge>On</Badge> : <Badge variant="secondary">Off</Badge>
}

/** Admin → Single sign-on: the organization's own OpenID Connect provider for signing in. */
export function SsoSettingsCard() {
  const settings = useSsoSettings()
  return (
    <Card>
      <CardHeader>
        <div className="flex items-center justify-between gap-2">
          <CardTitle className="flex items-center gap-2">
            <KeyRound aria-hidden="true" className="size-5 text-primary" />
            Single sign-on
          </CardTitle>
          <Status saved={settings.data} />
        </div>
        <CardDescription>
          Let people sign in with your organization's identity provider (OpenID Connect), with the e-mail address of their
          account.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {settings.isPending ? (
          <Skeleton className="h-64 w-full" />
        ) : settings.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {errorMessage(settings.error, 'The single sign-on settings could not be loaded.')}
          </p>
        ) : (
          <SsoSettingsForm saved={settings.data} />
        )}
      </CardContent>
    </Card>
  )
}

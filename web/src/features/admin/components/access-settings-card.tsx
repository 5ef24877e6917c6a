import { useId, useState } from 'react'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { VisibilityChoice } from '@/components/visibility-choice'
import type { Visibility } from '@/lib/access'
import { errorMessage } from '@/lib/api-client'
import { toast } from '@/lib/use-toast'
import { useOrganization, useUpdateAccessSettings, type AccessSettingsBody, type Organization } from '../api/organization'
import { AuditRetentionField } from './audit-retention-field'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'

type Update = ReturnType<typeof useUpdateAccessSettings>

/** A change waiting for its confirmation: what is sent, and the words that explain it. */
interface PendingChange {
  body: AccessSettingsBody
  title: string
  description: string
  confirmLabel: string
  done: string
}

const TO_NEED_TO_KNOW: Omit<PendingChange, 'body'> = {
  title: 'Switch to Need to know?',
  description:
    'Managers will see only their reporting line (the people who report to them, directly or further down) and everyone else only their own records; HR and administrators keep seeing everyone, and the directory stays open to all. The shared Manager sign-in switches off and everyone signed in with it is signed out: managers then sign in with their own account, linked to their employee record under User Management. An account linked to no employee sees no records.',
  confirmLabel: 'Switch to Need to know',
  done: 'Need to know is on: people see what their role and reporting line allow.',
}

const TO_OPEN: Omit<PendingChange, 'body'> = {
  title: 'Switch to Open?',
  description:
    "Everyone signed in will read everyone's profile, reviews, certifications and documents (confidential documents stay HR and administrators only). The shared Manager sign-in stays off until you switch it on below.",
  confirmLabel: 'Switch to Open',
  done: 'Open is on: everyone signed in reads every record.',
}

const SWITCHES = [
  {
    key: 'sharedAdminSignIn',
    label: 'Shared Administrator sign-in',
    description: 'One Administrator password for the organisation, used by no one person.',
  },
  {
    key: 'sharedManagerSignIn',
    label: 'Shared Manager sign-in',
    description: 'One Manager password for the organisation, used by no one person.',
  },
] as const

type SwitchKey = (typeof SWITCHES)[number]['key']

function switchOff(key: SwitchKey): PendingChange {
  const role = key === 'sharedAdminSignIn' ? 'Administrator' : 'Manager'
  return {
    body: { [key]: false },
    title: `Switch off the shared ${role} sign-in?`,
    description: `Nobody can sign in with the ${role} password any more, and everyone signed in with it is signed out now (you too, if you signed in that way). People then sign in with their own account.`,
    confirmLabel: 'Switch Off',
    done: `The shared ${role} sign-in is off.`,
  }
}

/** Sends a change, confirmed or not; a refusal is kept to show beside the settings. */
function useAccessChange(update: Update) {
  const [pending, setPending] = useState<PendingChange | null>(null)
  const [refusal, setRefusal] = useState<string>()
  const send = (body: AccessSettingsBody, done: string) => {
    setRefusal(undefined)
    update.mutate(body, {
      onSuccess: () => {
        toast({ title: 'Settings saved', description: done })
        setPending(null)
      },
      onError: (error) => {
        setRefusal(errorMessage(error, 'The change could not be saved. Please try again.'))
        setPending(null)
      },
    })
  }
  return { pending, setPending, refusal, send }
}

interface SwitchesProps {
  organization: Organization
  busy: boolean
  onChange: (key: SwitchKey, on: boolean) => void
}

function SignInSwitches({ organization, busy, onChange }: SwitchesProps) {
  const ids = useId()
  const managerLocked = organization.visibility === 'need_to_know'
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-1 text-sm font-medium">Shared sign-ins</legend>
      {SWITCHES.map(({ key, label, description }) => {
        const locked = key === 'sharedManagerSignIn' && managerLocked
        return (
          <div key={key} className="flex items-start gap-3 rounded-lg border p-3 has-disabled:opacity-70">
            <input
              id={`${ids}-${key}-switch`}
              type="checkbox"
              role="switch"
              className="mt-0.5 size-4 accent-primary"
              checked={organization[key]}
              disabled={busy || locked}
              aria-describedby={`${ids}-${key}`}
              onChange={(event) => onChange(key, event.target.checked)}
            />
            <div className="flex flex-col gap-0.5">
              <label htmlFor={`${ids}-${key}-switch`} className="text-sm font-medium">
                {label}
              </label>
              <span id={`${ids}-${key}`} className="text-xs text-muted-foreground">
                {locked
                  ? 'Off under Need to know: it belongs to no person, so it has no reporting line to show.'
                  : description}
              </span>
            </div>
          </div>
        )
      })}
    </fieldset>
  )
}

function AccessSettings({ organization }: { organization: Organization }) {
  const update = useUpdateAccessSettings()
  const { pending, setPending, refusal, send } = useAccessChange(update)
  const noteId = useId()

  const chooseVisibility = (visibility: Visibility) => {
    if (visibility === organization.visibility) return
    setPending({ body: { visibility }, ...(visibility === 'need_to_know' ? TO_NEED_TO_KNOW : TO_OPEN) })
  }
  const toggle = (key: SwitchKey, on: boolean) => {
    if (on) send({ [key]: true }, `The shared ${key === 'sharedAdminSignIn' ? 'Administrator' : 'Manager'} sign-in is on.`)
    else setPending(switchOff(key))
  }

  return (
    <>
      <div className="flex flex-col gap-2">
        <VisibilityChoice
          name="organization-visibility"
          value={organization.visibility}
          onChange={chooseVisibility}
          disabled={update.isPending}
          describedBy={noteId}
        />
        <p id={noteId} className="text-xs text-muted-foreground">
          {organization.visibility === 'need_to_know'
            ? 'On now: managers see their reporting line, everyone else their own records.'
            : "On now: everyone signed in reads everyone's records."}
        </p>
      </div>
      <SignInSwitches organization={organization} busy={update.isPending} onChange={toggle} />
      {refusal && (
        <p role="alert" className="rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive">
          {refusal}
        </p>
      )}
      <AuditRetentionField organization={organization} update={update} />
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title={pending?.title ?? ''}
        description={pending?.description ?? ''}
        confirmLabel={pending?.confirmLabel ?? 'Confirm'}
        busy={update.isPending}
        busyLabel="Saving..."
        tone={pending?.body.visibility ? 'default' : 'destructive'}
        onConfirm={() => pending && send(pending.body, pending.done)}
      />
    </>
  )
}

/** Who sees what, the shared sign-ins and how long the audit trail is kept. */
export function AccessSettingsCard() {
  const { data: organization, isPending } = useOrganization()
  return (
    <Card>
      <CardHeader>
        <CardTitle>Who sees what</CardTitle>
        <CardDescription>Which records each person reads, the shared sign-ins, and how long the audit trail is kept.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        {isPending || !organization ? (
          <div className="flex flex-col gap-3" aria-busy="true">
            <Skeleton className="h-24 w-full" />
            <Skeleton className="h-16 w-full" />
          </div>
        ) : (
          <AccessSettings organization={organization} />
        )}
      </CardContent>
    </Card>
  )
}

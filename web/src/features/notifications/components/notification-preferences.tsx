import { useId } from 'react'
import { Card } from '@/components/ui/card'
import { NativeSelect } from '@/components/ui/native-select'
import { Skeleton } from '@/components/ui/skeleton'
import { errorMessage } from '@/lib/api-client'
import { toast } from '@/lib/use-toast'
import { usePreferences, useUpdatePreference, type Delivery, type Preference } from '../api/notifications'

export const DELIVERY_LABELS: Record<Delivery, string> = {
  immediate: 'Immediately',
  digest: 'Daily digest',
  off: 'Off',
}

function PreferenceRow({ preference }: { preference: Preference }) {
  const id = useId()
  const update = useUpdatePreference()
  const onChange = (delivery: Delivery) =>
    update.mutate(
      { kind: preference.kind, delivery },
      {
        onSuccess: () => toast({ title: 'Saved', description: `${preference.label}: ${DELIVERY_LABELS[delivery]}` }),
        onError: (error) => toast({ variant: 'destructive', title: 'Not saved', description: errorMessage(error) }),
      },
    )
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
      <label htmlFor={id} className="text-sm font-medium">
        {preference.label}
      </label>
      <NativeSelect
        id={id}
        className="sm:w-44"
        value={preference.delivery}
        disabled={update.isPending}
        onChange={(event) => onChange(event.target.value as Delivery)}
      >
        {Object.entries(DELIVERY_LABELS).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </NativeSelect>
    </li>
  )
}

/** How each kind of notice comes by e-mail; the bell shows every notice whatever is chosen here. */
export function NotificationPreferences() {
  const preferences = usePreferences()
  return (
    <Card className="p-5">
      <h2 className="text-lg font-semibold">E-mail</h2>
      <p className="mt-1 text-sm text-muted-foreground">
        Choose how each kind of notification reaches you by e-mail. A daily digest comes once a morning with the day
        before's notifications. The bell shows them all either way.
      </p>
      {preferences.isPending && <Skeleton className="mt-4 h-40 w-full" />}
      {preferences.isError && <p className="mt-4 text-sm text-destructive">Your e-mail settings could not be loaded.</p>}
      {preferences.data && preferences.data.length === 0 && (
        <p className="mt-4 text-sm text-muted-foreground">
          E-mail settings belong to personal accounts: sign in with your own account to choose them.
        </p>
      )}
      {preferences.data && preferences.data.length > 0 && (
        <ul className="mt-2 divide-y">
          {preferences.data.map((preference) => (
            <PreferenceRow key={preference.kind} preference={preference} />
          ))}
        </ul>
      )}
    </Card>
  )
}

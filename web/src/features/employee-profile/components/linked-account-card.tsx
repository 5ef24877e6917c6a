import { KeyRound } from 'lucide-react'
import { useId, useState } from 'react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { FieldError } from '@/components/ui/field-error'
import { Skeleton } from '@/components/ui/skeleton'
import { errorMessage } from '@/lib/api-client'
import { ROLE_LABELS } from '@/lib/roles'
import { toast } from '@/lib/use-toast'
import { useAccounts, useLinkAccount, type Account } from '../api/linked-account'

const SELECT_CLASS =
  'h-10 min-w-0 flex-1 rounded-lg border border-input bg-card px-3 text-sm shadow-xs focus-visible:border-ring focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring/30'

function accountLabel(account: Account): string {
  const name = [account.firstName, account.lastName].filter(Boolean).join(' ')
  return name ? `${name} (${account.email})` : account.email
}

/** Links or unlinks, keeping the server's refusal to show. */
function useLink(employeeName: string) {
  const link = useLinkAccount()
  const [error, setError] = useState<string>()
  const send = (account: Account, employeeId: number | null) => {
    setError(undefined)
    link.mutate(
      { userId: account.id, employeeId },
      {
        onSuccess: () =>
          toast({
            title: employeeId ? 'Account linked' : 'Account unlinked',
            description: employeeId
              ? `${account.email} is ${employeeName}'s account.`
              : `${account.email} is linked to no employee.`,
          }),
        onError: (err) => setError(errorMessage(err, 'Please try again.')),
      },
    )
  }
  return { send, error, busy: link.isPending }
}

function ChooseAccount({ free, busy, onLink }: { free: Account[]; busy: boolean; onLink: (account: Account) => void }) {
  const [chosen, setChosen] = useState('')
  const id = useId()
  if (free.length === 0) {
    return <p className="text-sm text-muted-foreground">No account is linked, and every account belongs to someone already.</p>
  }
  const account = free.find((a) => a.id === chosen)
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm text-muted-foreground">
        No account is linked. Choose the account this person signs in with:
      </label>
      <div className="flex flex-wrap gap-2">
        <select id={id} className={SELECT_CLASS} value={chosen} onChange={(e) => setChosen(e.target.value)}>
          <option value="">Choose an account</option>
          {free.map((a) => (
            <option key={a.id} value={a.id}>
              {accountLabel(a)}
            </option>
          ))}
        </select>
        <Button disabled={busy || !account} onClick={() => account && onLink(account)}>
          Link Account
        </Button>
      </div>
    </div>
  )
}

/** For whoever manages accounts: the sign-in account that is this person, to link or unlink. */
export function LinkedAccountCard({ employeeId, employeeName }: { employeeId: number; employeeName: string }) {
  const accounts = useAccounts()
  const { send, error, busy } = useLink(employeeName)
  const linked = accounts.data?.find((a) => a.employeeId === employeeId)
  const free = (accounts.data ?? []).filter((a) => a.employeeId == null)

  return (
    <Card className="flex flex-col gap-3 p-5">
      <h2 className="flex items-center gap-2 text-base font-semibold">
        <KeyRound aria-hidden="true" className="size-4 text-primary" />
        Sign-in account
      </h2>
      {accounts.isPending ? (
        <Skeleton className="h-10 w-full" />
      ) : accounts.isError ? (
        <p role="alert" className="text-sm text-muted-foreground">
          The accounts could not be loaded right now.
        </p>
      ) : linked ? (
        <div className="flex flex-wrap items-center gap-3">
          <span className="min-w-0 text-sm">{accountLabel(linked)}</span>
          <Badge variant="secondary">{ROLE_LABELS[linked.role]}</Badge>
          <Button variant="outline" size="sm" className="ml-auto" disabled={busy} onClick={() => send(linked, null)}>
            Unlink
          </Button>
        </div>
      ) : (
        <ChooseAccount free={free} busy={busy} onLink={(account) => send(account, employeeId)} />
      )}
      <FieldError id={`linked-account-${employeeId}-error`} message={error} />
    </Card>
  )
}

import { Link2, Trash2, UserPlus } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'wouter'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { toast } from '@/lib/use-toast'
import { errorMessage } from '@/lib/api-client'
import { getInitials } from '@/lib/format'
import { ROLE_LABELS } from '@/lib/roles'
import { useCurrentUser, useDeleteUser, useEnableUser, useUsers, type User } from '../api/users'
import { AddUserDialog } from './add-user-dialog'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { accountName as displayName, LinkEmployeeDialog } from './link-employee-dialog'
import { ListCard } from './list-card'

interface UserRowProps {
  user: User
  isMe: boolean
  enabling: boolean
  onEnable: (user: User) => void
  onRemove: (user: User) => void
  onLink: (user: User) => void
}

/** The employee record the account belongs to, linking to the profile. */
function LinkedEmployee({ user }: { user: User }) {
  if (!user.employee) return <p className="truncate text-xs text-muted-foreground">No employee linked</p>
  return (
    <p className="truncate text-xs text-muted-foreground">
      Employee:{' '}
      <Link href={`/employees/${user.employee.id}`} className="font-medium text-primary hover:underline">
        {user.employee.name}
      </Link>
    </p>
  )
}

/** Enable (for a disabled account), the role, the employee link and removal. */
function UserActions({ user, isMe, enabling, onEnable, onRemove, onLink }: UserRowProps) {
  return (
    <div className="ml-auto flex items-center gap-1">
      {!user.isActive && (
        <>
          <Badge variant="outline" title="Cannot sign in until enabled">
            Disabled
          </Badge>
          <Button
            variant="outline"
            size="sm"
            aria-label={`Enable ${displayName(user)}`}
            disabled={enabling}
            onClick={() => onEnable(user)}
          >
            Enable
          </Button>
        </>
      )}
      <Badge variant={user.role === 'admin' ? 'default' : 'secondary'}>{ROLE_LABELS[user.role]}</Badge>
      <Button
        variant="ghost"
        size="icon"
        aria-label={`Employee of ${displayName(user)}`}
        title={user.employee ? 'Change or unlink the employee' : 'Link an employee'}
        onClick={() => onLink(user)}
      >
        <Link2 aria-hidden="true" />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        aria-label={`Remove ${displayName(user)}`}
        disabled={isMe}
        title={isMe ? 'You cannot remove your own account' : undefined}
        onClick={() => onRemove(user)}
      >
        <Trash2 aria-hidden="true" />
      </Button>
    </div>
  )
}

/** On a phone the actions go below the name rather than squeeze it to a few letters. */
function UserRow(props: UserRowProps) {
  const { user, isMe } = props
  return (
    <>
      <span
        aria-hidden="true"
        className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary-soft text-xs font-semibold text-primary"
      >
        {getInitials(user.firstName, user.lastName)}
      </span>
      <div className="flex min-w-0 flex-1 flex-wrap items-center gap-x-3 gap-y-1">
        <div className="min-w-0 flex-1 basis-48">
          <p className="truncate font-medium">
            {displayName(user)}
            {isMe && <span className="ml-2 text-xs text-muted-foreground">(you)</span>}
          </p>
          <p className="truncate text-sm text-muted-foreground">{user.email}</p>
          <LinkedEmployee user={user} />
        </div>
        <UserActions {...props} />
      </div>
    </>
  )
}

/** Removing a user (after confirmation) and enabling a disabled one. */
function useUserActions() {
  const remove = useDeleteUser()
  const enable = useEnableUser()
  const [removing, setRemoving] = useState<User | null>(null)

  const confirmRemove = () => {
    if (!removing) return
    remove.mutate(removing.id, {
      onSuccess: () => {
        toast({ title: 'User removed', description: `${removing.email} can no longer sign in.` })
        setRemoving(null)
      },
      onError: (error) => {
        toast({ variant: 'destructive', title: 'Failed to remove user', description: errorMessage(error, 'Please try again.') })
        setRemoving(null)
      },
    })
  }

  const confirmEnable = (user: User) => {
    enable.mutate(user.id, {
      onSuccess: () =>
        toast({
          title: 'User enabled',
          description: `${user.email} can sign in again (with "Forgot password" if they have no password yet).`,
        }),
      onError: (error) =>
        toast({ variant: 'destructive', title: 'Failed to enable user', description: errorMessage(error, 'Please try again.') }),
    })
  }

  return { removing, setRemoving, confirmRemove, removeBusy: remove.isPending, confirmEnable, enabling: enable.isPending }
}

/** User Management: list, add and remove the people who sign in with their own account, and
 * enable accounts a restore brought back disabled. */
export function UserManagementCard() {
  const users = useUsers()
  const { data: me } = useCurrentUser()
  const [adding, setAdding] = useState(false)
  const [linking, setLinking] = useState<User | null>(null)
  const { removing, setRemoving, confirmRemove, removeBusy, confirmEnable, enabling } = useUserActions()

  return (
    <ListCard
      title="User Management"
      description="People who sign in with their own email and password."
      action={
        <Button onClick={() => setAdding(true)}>
          <UserPlus aria-hidden="true" />
          Add User
        </Button>
      }
      list={users}
      label="Users"
      errorText="The users could not be loaded."
      emptyText="No users yet. Add people so they can sign in with their own account."
      renderItem={(user) => (
        <UserRow
          user={user}
          isMe={me?.id === user.id}
          enabling={enabling}
          onEnable={confirmEnable}
          onRemove={setRemoving}
          onLink={setLinking}
        />
      )}
    >
      <AddUserDialog open={adding} onOpenChange={setAdding} />
      <LinkEmployeeDialog user={linking} onClose={() => setLinking(null)} />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={`Remove ${removing ? displayName(removing) : 'user'}?`}
        description="They are signed out everywhere and can no longer sign in. Their past actions stay on record."
        confirmLabel="Remove User"
        busy={removeBusy}
        onConfirm={confirmRemove}
      />
    </ListCard>
  )
}

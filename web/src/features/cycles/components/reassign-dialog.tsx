import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { SelectField } from '@/components/ui/text-field'
import { errorMessage } from '@/lib/api-client'
import { toast } from '@/lib/use-toast'
import { useReassign, useReviewerOptions } from '../api/cycles'

/** The value of "No reviewer" in the select (an account id is never empty). */
const NOBODY = ''

interface Props {
  cycleId: number
  reviewIds: number[]
  onDone: () => void
  onCancel: () => void
}

function ReassignForm({ cycleId, reviewIds, onDone, onCancel }: Props) {
  const options = useReviewerOptions(true)
  const reassign = useReassign(cycleId)
  const [chosen, setChosen] = useState(NOBODY)
  const submit = () =>
    reassign.mutate(
      { reviewIds, reviewerUserId: chosen === NOBODY ? null : chosen },
      {
        onSuccess: (reply) => {
          toast({ title: reply.updated === 1 ? '1 review reassigned' : `${reply.updated} reviews reassigned` })
          onDone()
        },
        onError: (error) => toast({ variant: 'destructive', title: 'Not reassigned', description: errorMessage(error) }),
      },
    )
  return (
    <>
      <SelectField id="cycle-reviewer" label="New reviewer" value={chosen} onChange={(e) => setChosen(e.target.value)}>
        <option value={NOBODY}>No reviewer</option>
        {(options.data ?? []).map((o) => (
          <option key={o.userId} value={o.userId}>
            {o.name} ({o.email})
          </option>
        ))}
      </SelectField>
      <DialogFooter>
        <Button variant="outline" onClick={onCancel} disabled={reassign.isPending}>
          Cancel
        </Button>
        <Button onClick={submit} disabled={reassign.isPending}>
          {reassign.isPending ? 'Saving…' : 'Reassign'}
        </Button>
      </DialogFooter>
    </>
  )
}

/** Name another account to write the chosen reviews; the new reviewer is told. */
export function ReassignDialog(props: Props & { open: boolean }) {
  const count = props.reviewIds.length
  return (
    <Dialog open={props.open} onOpenChange={(open) => !open && props.onCancel()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Reassign {count === 1 ? '1 review' : `${count} reviews`}</DialogTitle>
          <DialogDescription>Completed reviews keep their reviewer; nobody may review themselves.</DialogDescription>
        </DialogHeader>
        <ReassignForm {...props} />
      </DialogContent>
    </Dialog>
  )
}

import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { errorMessage } from '@/lib/api-client'
import { toast } from '@/lib/use-toast'
import { MAX_ASKED, useAskForFeedback, useColleagueSearch, type Colleague } from '../api/feedback'

/** How many more colleagues may be asked, given those asked already. */
export function roomLeft(askedCount: number, chosenCount: number): number {
  return Math.max(0, MAX_ASKED - askedCount - chosenCount)
}

const fullName = (c: Pick<Colleague, 'firstName' | 'lastName'>) => `${c.firstName} ${c.lastName}`

interface ResultsProps {
  search: string
  exclude: Set<number>
  chosen: Map<number, Colleague>
  room: number
  onToggle: (colleague: Colleague) => void
}

function Results({ search, exclude, chosen, room, onToggle }: ResultsProps) {
  const query = useColleagueSearch(search)
  if (search.trim().length < 2) return <p className="text-xs text-muted-foreground">Type at least 2 letters of a name.</p>
  if (query.isPending) return <p className="text-sm text-muted-foreground">Searching...</p>
  if (query.isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        {errorMessage(query.error, 'The directory could not be searched.')}
      </p>
    )
  }
  const people = (query.data ?? []).filter((c) => !exclude.has(c.id))
  if (people.length === 0) return <p className="text-sm text-muted-foreground">Nobody else matches.</p>
  return (
    <ul aria-label="Colleagues found" className="flex max-h-60 flex-col gap-1 overflow-y-auto">
      {people.map((c) => {
        const checked = chosen.has(c.id)
        return (
          <li key={c.id}>
            <label className="flex cursor-pointer items-center gap-3 rounded-md p-2 text-sm hover:bg-muted">
              <input type="checkbox" checked={checked} disabled={!checked && room === 0} onChange={() => onToggle(c)} />
              <span className="min-w-0">
                <span className="block font-medium">{fullName(c)}</span>
                {c.position && <span className="block text-xs text-muted-foreground">{c.position}</span>}
              </span>
            </label>
          </li>
        )
      })}
    </ul>
  )
}

interface AskFeedbackDialogProps {
  reviewId: number
  /** The person reviewed: never asked about themselves. */
  employeeId: number
  /** Colleagues asked already. */
  asked: number[]
  onClose: () => void
}

/** Pick colleagues from the directory to ask for feedback: at most five asked per review in all. */
export function AskFeedbackDialog({ reviewId, employeeId, asked, onClose }: AskFeedbackDialogProps) {
  const [search, setSearch] = useState('')
  const [chosen, setChosen] = useState<Map<number, Colleague>>(new Map())
  const [failure, setFailure] = useState<string | null>(null)
  const ask = useAskForFeedback(reviewId)
  const room = roomLeft(asked.length, chosen.size)
  const toggle = (colleague: Colleague) =>
    setChosen((prev) => {
      const next = new Map(prev)
      if (next.has(colleague.id)) next.delete(colleague.id)
      else next.set(colleague.id, colleague)
      return next
    })
  const send = () => {
    setFailure(null)
    ask.mutate([...chosen.keys()], {
      onSuccess: () => {
        toast({ title: 'Feedback requested', description: `${chosen.size} ${chosen.size === 1 ? 'colleague was' : 'colleagues were'} asked.` })
        onClose()
      },
      onError: (error) => setFailure(errorMessage(error, 'The colleagues could not be asked. Please try again.')),
    })
  }
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Ask for Feedback</DialogTitle>
          <DialogDescription>
            Choose up to {MAX_ASKED} colleagues in all. Their answers show to you without names, once at least 3 have answered.
          </DialogDescription>
        </DialogHeader>
        <div className="flex flex-col gap-2">
          <Label htmlFor="colleague-search">Find a colleague</Label>
          <Input id="colleague-search" type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder="Name" autoFocus />
        </div>
        {chosen.size > 0 && <p className="text-sm">Chosen: {[...chosen.values()].map(fullName).join(', ')}</p>}
        <p className="text-xs text-muted-foreground">{room === 0 ? 'No more colleagues can be asked.' : `${room} more can be asked.`}</p>
        <Results search={search} exclude={new Set([employeeId, ...asked])} chosen={chosen} room={room} onToggle={toggle} />
        {failure && (
          <p role="alert" className="rounded-lg border border-destructive/50 bg-destructive/5 p-3 text-sm text-destructive">
            {failure}
          </p>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button disabled={chosen.size === 0 || ask.isPending} onClick={send}>
            {ask.isPending ? 'Asking...' : `Ask ${chosen.size || ''}`.trim()}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}

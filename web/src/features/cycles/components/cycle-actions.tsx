import { Download, Pencil, Rocket, Send, Square, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { useLocation } from 'wouter'
import { Button } from '@/components/ui/button'
import { errorMessage } from '@/lib/api-client'
import { toast } from '@/lib/use-toast'
import { downloadCycleCsv, useCloseCycle, useDeleteCycle, useLaunchCycle, useNudge, type Cycle } from '../api/cycles'
import { nudgedText } from '../lib/labels'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { CycleFormDialog } from './cycle-form-dialog'

type Asking = 'launch' | 'close' | 'delete' | null

const failed = (title: string) => (error: unknown) =>
  toast({ variant: 'destructive', title, description: errorMessage(error) })

function useActions(cycle: Cycle, close: () => void) {
  const [, navigate] = useLocation()
  const launch = useLaunchCycle(cycle.id)
  const finish = useCloseCycle(cycle.id)
  const remove = useDeleteCycle(cycle.id)
  const nudge = useNudge(cycle.id)
  return {
    busy: launch.isPending || finish.isPending || remove.isPending,
    nudging: nudge.isPending,
    launch: () =>
      launch.mutate(undefined, {
        onSuccess: (c) => (close(), toast({ title: 'Cycle launched', description: `${c.reviewCount} reviews made` })),
        onError: failed('Not launched'),
      }),
    close: () =>
      finish.mutate(undefined, { onSuccess: () => (close(), toast({ title: 'Cycle closed' })), onError: failed('Not closed') }),
    remove: () =>
      remove.mutate(undefined, { onSuccess: () => (close(), navigate('/cycles')), onError: failed('Not deleted') }),
    nudgeBehind: () =>
      nudge.mutate(null, { onSuccess: (r) => toast({ title: nudgedText(r.nudged) }), onError: failed('Nobody nudged') }),
  }
}

async function exportCsv(cycle: Cycle) {
  try {
    await downloadCycleCsv(cycle)
  } catch (error) {
    failed('Export failed')(error)
  }
}

const QUESTIONS: Record<Exclude<Asking, null>, { title: string; label: string; text: (c: Cycle, n: number) => string }> = {
  launch: {
    title: 'Launch this cycle?',
    label: 'Launch',
    text: (_, n) =>
      `A review is made for each of the ${n.toLocaleString('en-US')} people in it, and reviewers and employees are told. It cannot be undone.`,
  },
  close: {
    title: 'Close this cycle?',
    label: 'Close cycle',
    text: () => 'Reviews not done by now are marked unfinished. Nothing more can be asked or reassigned in it.',
  },
  delete: { title: 'Delete this draft?', label: 'Delete', text: (c) => `The draft "${c.name}" is removed.` },
}

/** What can be done with the cycle now: edit, delete or launch a draft; nudge, export or close an active one. */
export function CycleActions({ cycle, people }: { cycle: Cycle; people: number }) {
  const [asking, setAsking] = useState<Asking>(null)
  const [editing, setEditing] = useState(false)
  const act = useActions(cycle, () => setAsking(null))
  const question = asking ? QUESTIONS[asking] : null
  const confirm = { launch: act.launch, close: act.close, delete: act.remove }
  return (
    <div className="flex flex-wrap gap-2">
      {cycle.status === 'draft' && (
        <>
          <Button variant="outline" onClick={() => setEditing(true)}>
            <Pencil aria-hidden="true" /> Edit
          </Button>
          <Button variant="outline" onClick={() => setAsking('delete')}>
            <Trash2 aria-hidden="true" /> Delete
          </Button>
          <Button onClick={() => setAsking('launch')} disabled={people === 0}>
            <Rocket aria-hidden="true" /> Launch
          </Button>
        </>
      )}
      {cycle.status === 'active' && (
        <Button variant="outline" onClick={act.nudgeBehind} disabled={act.nudging}>
          <Send aria-hidden="true" /> Nudge everyone behind
        </Button>
      )}
      {cycle.status !== 'draft' && (
        <Button variant="outline" onClick={() => void exportCsv(cycle)}>
          <Download aria-hidden="true" /> Export CSV
        </Button>
      )}
      {cycle.status === 'active' && (
        <Button variant="outline" onClick={() => setAsking('close')}>
          <Square aria-hidden="true" /> Close cycle
        </Button>
      )}
      {question && asking && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setAsking(null)}
          title={question.title}
          description={question.text(cycle, people)}
          confirmLabel={question.label}
          busy={act.busy}
          busyLabel="Working…"
          tone={asking === 'launch' ? 'default' : 'destructive'}
          onConfirm={confirm[asking]}
        />
      )}
      <CycleFormDialog open={editing} onOpenChange={setEditing} cycle={cycle} />
    </div>
  )
}

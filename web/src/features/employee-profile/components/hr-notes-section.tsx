import { NotebookPen, Plus } from 'lucide-react'
import { useState } from 'react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { formatDate, humanize } from '@/lib/format'
import { useEmployeeNotes } from '../api/employee-notes'
import { AddNoteDialog } from './add-note-dialog'

function NoteList({ employeeId }: { employeeId: number }) {
  const { data, isPending, isError } = useEmployeeNotes(employeeId)
  if (isPending) {
    return (
      <div role="status" aria-label="Loading notes" className="flex flex-col gap-2">
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} className="h-8 w-full" />
        ))}
      </div>
    )
  }
  if (isError) {
    return (
      <p role="alert" className="py-6 text-center text-sm text-muted-foreground">
        Notes could not be loaded right now.
      </p>
    )
  }
  if (data.length === 0) return <p className="py-6 text-center text-sm text-muted-foreground">No notes yet</p>
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead className="border-b text-xs uppercase tracking-wide text-muted-foreground">
          <tr>
            {['Date', 'Category', 'Note'].map((column) => (
              <th key={column} scope="col" className="py-2 pr-4 font-medium">
                {column}
              </th>
            ))}
            <th scope="col" className="py-2 font-medium">
              Created By
            </th>
          </tr>
        </thead>
        <tbody className="divide-y">
          {data.map((note) => (
            <tr key={note.id} className="align-top">
              <td className="whitespace-nowrap py-3 pr-4">{formatDate(note.date)}</td>
              <td className="py-3 pr-4">
                <Badge variant={note.category === 'recognition' ? 'default' : 'secondary'}>{humanize(note.category)}</Badge>
              </td>
              <td className="min-w-56 whitespace-pre-line py-3 pr-4 [overflow-wrap:anywhere]">{note.note}</td>
              <td className="whitespace-nowrap py-3 text-muted-foreground">{note.createdBy || 'HR Admin'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

export function HrNotesSection({ employeeId, canAdd }: { employeeId: number; canAdd: boolean }) {
  const [adding, setAdding] = useState(false)

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="flex flex-col gap-1.5">
          <CardTitle className="flex items-center gap-2">
            <NotebookPen aria-hidden="true" className="size-4 text-primary" />
            HR Notes
          </CardTitle>
          <CardDescription>Recognition and redirection on record</CardDescription>
        </div>
        {canAdd && (
          <Button size="sm" onClick={() => setAdding(true)}>
            <Plus aria-hidden="true" />
            Add Note
          </Button>
        )}
      </CardHeader>
      <CardContent>
        <NoteList employeeId={employeeId} />
      </CardContent>
      {canAdd && <AddNoteDialog employeeId={employeeId} open={adding} onOpenChange={setAdding} />}
    </Card>
  )
}

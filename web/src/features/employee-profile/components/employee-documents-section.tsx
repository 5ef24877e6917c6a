import { Download, FileText, Lock, Trash2, Upload } from 'lucide-react'
import { useState } from 'react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { QueryState } from '@/components/ui/query-state'
import { Skeleton } from '@/components/ui/skeleton'
import { toast } from '@/lib/use-toast'
import { errorMessage } from '@/lib/api-client'
import { formatDate, formatSize } from '@/lib/format'
import {
  DOCUMENT_TYPES,
  downloadEmployeeDocument,
  useDeleteEmployeeDocument,
  useEmployeeDocuments,
  type EmployeeDocument,
} from '../api/employee-documents'
import { UploadDocumentDialog } from './upload-document-dialog'

function typeLabel(value: string): string {
  return DOCUMENT_TYPES.find((t) => t.value === value)?.label ?? value
}

async function download(document: EmployeeDocument) {
  try {
    await downloadEmployeeDocument(document)
    toast({ title: 'Download started' })
  } catch {
    toast({ variant: 'destructive', title: 'Download failed', description: 'Failed to download document. Please try again.' })
  }
}

function DocumentRow({ document, onDelete }: { document: EmployeeDocument; onDelete?: () => void }) {
  return (
    <li className="flex flex-wrap items-start gap-3 py-3 first:pt-0 last:pb-0">
      <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary">
        <FileText aria-hidden="true" className="size-4" />
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <p className="truncate font-medium">{document.title}</p>
          <Badge variant="outline">{typeLabel(document.documentType)}</Badge>
          {document.isConfidential && (
            <Badge variant="destructive" className="gap-1">
              <Lock aria-hidden="true" className="size-3" />
              HR/Admin only
            </Badge>
          )}
        </div>
        <p className="truncate text-sm text-muted-foreground">
          {document.fileName} · {formatSize(document.fileSize)} · Uploaded {formatDate(document.createdAt)}
          {document.uploadedBy ? ` by ${document.uploadedBy}` : ''}
        </p>
        {(document.signedDate || document.expirationDate) && (
          <p className="text-xs text-muted-foreground">
            {document.signedDate && <>Signed {formatDate(document.signedDate)} </>}
            {document.expirationDate && <>Expires {formatDate(document.expirationDate)}</>}
          </p>
        )}
        {document.description && <p className="mt-1 text-sm">{document.description}</p>}
        {document.tags.length > 0 && (
          <ul aria-label="Tags" className="mt-1.5 flex flex-wrap gap-1">
            {document.tags.map((tag) => (
              <li key={tag}>
                <Badge variant="secondary">{tag}</Badge>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="flex gap-1">
        <Button variant="ghost" size="icon" aria-label={`Download ${document.title}`} onClick={() => void download(document)}>
          <Download aria-hidden="true" />
        </Button>
        {onDelete && (
          <Button variant="ghost" size="icon" aria-label={`Delete ${document.title}`} onClick={onDelete}>
            <Trash2 aria-hidden="true" className="text-destructive" />
          </Button>
        )}
      </div>
    </li>
  )
}

function DeleteDocumentDialog({
  employeeId,
  document,
  onClose,
}: {
  employeeId: number
  document: EmployeeDocument | null
  onClose: () => void
}) {
  const remove = useDeleteEmployeeDocument(employeeId)
  const confirm = () => {
    if (!document) return
    remove.mutate(document.id, {
      onSuccess: () => {
        toast({ title: 'Document deleted' })
        onClose()
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Delete failed',
          description: errorMessage(error, 'Failed to delete document. Please try again.'),
        }),
    })
  }
  return (
    <Dialog open={document !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete Document</DialogTitle>
          <DialogDescription>
            Delete “{document?.title}” and its file? This cannot be undone.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="destructive" onClick={confirm} disabled={remove.isPending}>
            {remove.isPending ? 'Deleting...' : 'Delete Document'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}

/** Placeholder rows while the documents load. */
function DocumentSkeletons() {
  return (
    <div role="status" aria-label="Loading documents" className="flex flex-col gap-3">
      {Array.from({ length: 2 }, (_, i) => (
        <Skeleton key={i} className="h-12 w-full" />
      ))}
    </div>
  )
}

export function EmployeeDocumentsSection({ employeeId, canManage }: { employeeId: number; canManage: boolean }) {
  const { data, isPending, isError } = useEmployeeDocuments(employeeId)
  const [uploading, setUploading] = useState(false)
  const [deleting, setDeleting] = useState<EmployeeDocument | null>(null)

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="flex flex-col gap-1.5">
          <CardTitle className="flex items-center gap-2">
            <FileText aria-hidden="true" className="size-4 text-primary" />
            Employee Documents
          </CardTitle>
          <CardDescription>Contracts, forms and other files</CardDescription>
        </div>
        {canManage && (
          <Button size="sm" onClick={() => setUploading(true)}>
            <Upload aria-hidden="true" />
            Upload Document
          </Button>
        )}
      </CardHeader>
      <CardContent>
        <QueryState
          query={{ isPending, isError }}
          isEmpty={!data?.length}
          loading={<DocumentSkeletons />}
          failed={
            <p role="alert" className="py-6 text-center text-sm text-muted-foreground">
              Documents could not be loaded right now.
            </p>
          }
          empty={<p className="py-6 text-center text-sm text-muted-foreground">No documents uploaded yet</p>}
        >
          {() => (
            <ul aria-label="Documents" className="divide-y">
              {(data ?? []).map((document) => (
                <DocumentRow
                  key={document.id}
                  document={document}
                  onDelete={canManage ? () => setDeleting(document) : undefined}
                />
              ))}
            </ul>
          )}
        </QueryState>
      </CardContent>
      {canManage && (
        <>
          <UploadDocumentDialog employeeId={employeeId} open={uploading} onOpenChange={setUploading} />
          <DeleteDocumentDialog employeeId={employeeId} document={deleting} onClose={() => setDeleting(null)} />
        </>
      )}
    </Card>
  )
}

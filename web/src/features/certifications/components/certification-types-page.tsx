import { Award } from 'lucide-react'
import { useMemo, useState } from 'react'
import { PageHeader } from '@/components/layout/page-header'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { useCertificationTypes, type CertificationType } from '../api/certification-types'
import { TypeCard } from './certification-type-card'
import { CertificationTypeDialog } from './certification-type-dialog'
import { CertificationsTabs } from './certifications-tabs'
import { DeleteCertificationTypeDialog } from './delete-certification-type-dialog'

/** The search filters name or description, ignoring case. */
export function filterTypes(types: readonly CertificationType[], search: string): CertificationType[] {
  const needle = search.trim().toLowerCase()
  if (!needle) return [...types]
  return types.filter(
    (t) => t.name.toLowerCase().includes(needle) || (t.description ?? '').toLowerCase().includes(needle),
  )
}

function TypeSkeletons() {
  return (
    <ul aria-label="Loading certification types" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {Array.from({ length: 6 }, (_, i) => (
        <li key={i} data-testid="certification-type-skeleton">
          <Card className="flex flex-col gap-3 p-5">
            <div className="flex items-center gap-3">
              <Skeleton className="size-10 rounded-lg" />
              <Skeleton className="h-5 w-2/3" />
            </div>
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-8 w-full" />
          </Card>
        </li>
      ))}
    </ul>
  )
}

function NoTypesYet({ onAdd }: { onAdd: () => void }) {
  return (
    <Card className="flex flex-col items-center gap-3 px-6 py-16 text-center">
      <Award aria-hidden="true" className="size-10 text-muted-foreground" />
      <p className="text-lg font-medium">No certification types yet</p>
      <p className="max-w-md text-sm text-muted-foreground">
        Add the certifications your people hold to track who has them and when they expire.
      </p>
      <Button onClick={onAdd}>Add Certification Type</Button>
    </Card>
  )
}

/** Certification Types: search, grid, 6 skeletons, two empty states, add, edit, delete. */
export default function CertificationTypesPage() {
  const { data, isPending, isError } = useCertificationTypes()
  const [search, setSearch] = useState('')
  const [dialog, setDialog] = useState<{ open: boolean; type: CertificationType | null }>({ open: false, type: null })
  const [deleting, setDeleting] = useState<CertificationType | null>(null)
  const shown = useMemo(() => filterTypes(data ?? [], search), [data, search])

  return (
    <>
      <PageHeader
        title="Certification Types"
        subtitle="The certifications employees can hold"
        search={{ placeholder: 'Search certification types...', value: search, onChange: setSearch }}
        addButton={{ label: 'Add Certification Type', onClick: () => setDialog({ open: true, type: null }) }}
      />
      <div className="flex flex-col gap-6 p-4 sm:p-6 lg:p-8">
        <CertificationsTabs />
        {isPending ? (
          <TypeSkeletons />
        ) : isError ? (
          <Card role="alert" className="px-6 py-12 text-center text-sm text-muted-foreground">
            Certification types could not be loaded right now.
          </Card>
        ) : data.length === 0 ? (
          <NoTypesYet onAdd={() => setDialog({ open: true, type: null })} />
        ) : shown.length === 0 ? (
          <Card className="flex flex-col items-center gap-2 px-6 py-16 text-center">
            <p className="text-lg font-medium">No certification types found</p>
            <p className="text-sm text-muted-foreground">No name or description matches “{search.trim()}”.</p>
          </Card>
        ) : (
          <ul aria-label="Certification types" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {shown.map((type) => (
              <li key={type.id} className="flex">
                <div className="flex w-full flex-col [&>*]:flex-1">
                  <TypeCard
                    type={type}
                    onEdit={() => setDialog({ open: true, type })}
                    onDelete={() => setDeleting(type)}
                  />
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
      <CertificationTypeDialog
        open={dialog.open}
        type={dialog.type}
        onOpenChange={(open) => setDialog((current) => ({ ...current, open }))}
      />
      <DeleteCertificationTypeDialog type={deleting} onOpenChange={(open) => !open && setDeleting(null)} />
    </>
  )
}

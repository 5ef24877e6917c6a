import {
  CalendarClock,
  CheckCircle2,
  Database,
  DatabaseBackup,
  Download,
  HardDrive,
  History,
  RotateCcw,
  ShieldCheck,
  type LucideIcon,
} from 'lucide-react'
import { useState } from 'react'
import { PageHeader } from '@/components/layout/page-header'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { StatGroup } from '@/components/ui/stat-group'
import { toast, type ToastOptions } from '@/lib/use-toast'
import { errorMessage } from '@/lib/api-client'
import { useOneAtATime } from '@/lib/use-one-at-a-time'
import { downloadBackup, useBackups, useCreateBackup, useValidateBackup, type Backup } from '../api/backups'
import { RestoreBackupDialog } from './restore-backup-dialog'

export function formatTimestamp(value: string): string {
  const date = new Date(value)
  if (Number.isNaN(date.getTime())) return value
  return date.toLocaleString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  })
}

function formatDay(value: string): string {
  return new Date(value).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' })
}

function formatTime(value: string): string {
  return new Date(value).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' })
}

const STATUS_VARIANT = { completed: 'default', failed: 'destructive', pending: 'secondary' } as const
const STATUS_LABEL = { completed: 'Completed', failed: 'Failed', pending: 'In progress' } as const

function Tile({ label, value, hint, icon: Icon }: { label: string; value?: string; hint?: string; icon: LucideIcon }) {
  return (
    <Card className="flex items-center justify-between p-5">
      <div className="min-w-0">
        <h3 className="text-sm font-medium text-muted-foreground">{label}</h3>
        {value === undefined ? (
          <Skeleton className="mt-2 h-7 w-20" />
        ) : (
          <p className="truncate text-2xl font-semibold">{value}</p>
        )}
        {hint && <p className="text-xs text-muted-foreground">{hint}</p>}
      </div>
      <Icon aria-hidden="true" className="size-6 shrink-0 text-primary" />
    </Card>
  )
}

export function CreateBackupButton({ label = 'Create Backup Now' }: { label?: string }) {
  const create = useCreateBackup()
  // A double click would start a second backup, refused as one already in progress, and that
  // refusal would be the last word.
  const oneAtATime = useOneAtATime()
  const onClick = () =>
    oneAtATime((finish) =>
      create.mutate(undefined, {
        onSettled: finish,
        onSuccess: () =>
          toast({
            title: 'Backup started',
            description: 'The backup is being made in the background and will appear in the history shortly.',
          }),
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Backup Failed',
            description: errorMessage(error, 'Failed to create backup. Please try again.'),
          }),
      }),
    )
  return (
    <Button onClick={onClick} disabled={create.isPending}>
      <DatabaseBackup aria-hidden="true" />
      {create.isPending ? 'Starting...' : label}
    </Button>
  )
}

/** The toast for a validation reply: what the file holds, or why it is not valid. */
function validationToast({ valid, details }: { valid: boolean; details: { dataKeys?: string[] | null; error?: string | null } }): ToastOptions {
  if (!valid) {
    return { variant: 'destructive', title: 'Validation Failed', description: details.error ?? 'The backup file is not valid.' }
  }
  const holds = (details.dataKeys ?? []).map((key) => key.replaceAll('_', ' ')).join(', ')
  return { title: 'Backup Valid', description: `The file is complete and unchanged. It holds: ${holds}.` }
}

function BackupDetails({ backup }: { backup: Backup }) {
  return (
    <div className="min-w-0 flex-1">
      <div className="flex flex-wrap items-center gap-2">
        <p className="truncate font-mono text-sm font-medium">{backup.filename}</p>
        <Badge variant={STATUS_VARIANT[backup.status]}>{STATUS_LABEL[backup.status]}</Badge>
        {backup.kind && backup.kind !== 'manual' && <Badge variant="outline">{backup.kind}</Badge>}
      </div>
      <p className="mt-1 flex flex-wrap gap-x-4 text-sm text-muted-foreground">
        <span>{formatTimestamp(backup.timestamp)}</span>
        <span>{backup.size.toFixed(2)} MB</span>
        <span>
          {backup.employeeCount} {backup.employeeCount === 1 ? 'employee' : 'employees'}
        </span>
      </p>
      {backup.status === 'failed' && backup.error && <p className="mt-1 text-sm text-destructive">{backup.error}</p>}
    </div>
  )
}

function BackupItem({ backup, onRestore }: { backup: Backup; onRestore: (backup: Backup) => void }) {
  const validate = useValidateBackup()
  const [downloading, setDownloading] = useState(false)

  const onValidate = () =>
    validate.mutate(backup.filename, {
      onSuccess: (reply) => toast(validationToast(reply)),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Validation Failed',
          description: errorMessage(error, 'The backup could not be checked. Please try again.'),
        }),
    })

  const onDownload = async () => {
    setDownloading(true)
    try {
      await downloadBackup(backup.filename)
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Download Failed',
        description: errorMessage(error, 'The backup could not be downloaded. Please try again.'),
      })
    } finally {
      setDownloading(false)
    }
  }

  return (
    <li>
      <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center">
        <BackupDetails backup={backup} />
        {backup.status === 'completed' && (
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" size="sm" onClick={onValidate} disabled={validate.isPending}>
              <ShieldCheck aria-hidden="true" />
              {validate.isPending ? 'Validating...' : 'Validate'}
            </Button>
            <Button variant="outline" size="sm" onClick={() => void onDownload()} disabled={downloading}>
              <Download aria-hidden="true" />
              Download
            </Button>
            <Button variant="outline" size="sm" onClick={() => onRestore(backup)}>
              <RotateCcw aria-hidden="true" />
              Restore
            </Button>
          </div>
        )}
      </Card>
    </li>
  )
}

function BackupInformation() {
  return (
    <Card>
      <CardHeader className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex flex-col gap-1.5">
          <CardTitle>Backup Information</CardTitle>
          <CardDescription>How backups of this organization work.</CardDescription>
        </div>
        <CreateBackupButton />
      </CardHeader>
      <CardContent>
        <ul className="grid gap-3 text-sm sm:grid-cols-2">
          {[
            'Automatic backups run every day at 2:00 AM.',
            'Backups are kept for 7 days; the newest one is always kept.',
            'Each backup is a JSON export of all organization data, with passwords removed and a checksum.',
            'Restoring replaces all current data at once, and saves a safety backup of it first. Everyone keeps their current password.',
          ].map((line) => (
            <li key={line} className="flex gap-2">
              <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
              <span>{line}</span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  )
}

function BackupHistory({
  backups,
  isPending,
  isError,
  onRestore,
}: {
  backups?: Backup[]
  isPending: boolean
  isError: boolean
  onRestore: (backup: Backup) => void
}) {
  if (isPending) {
    return (
      <ul aria-label="Loading backups" className="flex flex-col gap-3">
        {Array.from({ length: 3 }, (_, i) => (
          <li key={i}>
            <Card className="flex flex-col gap-2 p-4">
              <Skeleton className="h-4 w-1/2" />
              <Skeleton className="h-3 w-1/3" />
            </Card>
          </li>
        ))}
      </ul>
    )
  }
  if (isError || !backups) return <Card className="p-6 text-center text-sm text-destructive">The backup history could not be loaded.</Card>
  if (backups.length === 0) {
    return (
      <Card className="p-6 text-center text-sm text-muted-foreground">
        No backups yet. Create one now, or wait for tonight's automatic backup.
      </Card>
    )
  }
  return (
    <ul className="flex flex-col gap-3">
      {backups.map((backup) => (
        <BackupItem key={backup.id} backup={backup} onRestore={onRestore} />
      ))}
    </ul>
  )
}

/** /backup: three tiles, the backup information panel and the history. */
export default function BackupPage() {
  const { data, isPending, isError } = useBackups()
  const [restoring, setRestoring] = useState<Backup | null>(null)
  const completed = (data ?? []).filter((b) => b.status === 'completed')
  const latest = completed[0]
  const totalMb = completed.reduce((sum, b) => sum + b.size, 0)

  return (
    <>
      <PageHeader title="System Backup" subtitle="Backups of your organization's data, and restoring from them" />
      <div className="flex flex-col gap-6 p-4 sm:p-6 lg:p-8">
        <StatGroup label="Summary" className="grid gap-4 sm:grid-cols-3">
          <Tile label="Total Backups" value={data ? String(data.length) : undefined} icon={Database} />
          <Tile
            label="Last Backup"
            value={data ? (latest ? formatDay(latest.timestamp) : 'None yet') : undefined}
            hint={latest ? formatTime(latest.timestamp) : undefined}
            icon={CalendarClock}
          />
          <Tile label="Storage Used" value={data ? `${totalMb.toFixed(2)} MB` : undefined} icon={HardDrive} />
        </StatGroup>

        <BackupInformation />

        <section aria-labelledby="backup-history" className="flex flex-col gap-3">
          <h2 id="backup-history" className="flex items-center gap-2 text-lg font-semibold">
            <History aria-hidden="true" className="size-5 text-primary" />
            Backup History
          </h2>
          <BackupHistory backups={data} isPending={isPending} isError={isError} onRestore={setRestoring} />
        </section>
      </div>
      <RestoreBackupDialog backup={restoring} onOpenChange={(open) => !open && setRestoring(null)} />
    </>
  )
}

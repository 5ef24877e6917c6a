import { ArrowRight, DatabaseBackup } from 'lucide-react'
import { Link } from 'wouter'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { toast } from '@/lib/use-toast'
import { errorMessage } from '@/lib/api-client'
import { useOneAtATime } from '@/lib/use-one-at-a-time'
import { useCreateBackup } from '../api/create-backup'

/** System Backup: Create Backup Now, and the way to /backup. */
export function SystemBackupCard() {
  const create = useCreateBackup()
  // A double click would start a second backup, refused as one already in progress, and that
  // refusal would be the last word.
  const oneAtATime = useOneAtATime()
  const onCreate = () =>
    oneAtATime((finish) =>
      create.mutate(undefined, {
        onSettled: finish,
        onSuccess: () =>
          toast({
            title: 'Backup started',
            description: 'The backup is being made in the background. Follow it on the Backup page.',
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
    <Card>
      <CardHeader>
        <CardTitle>System Backup</CardTitle>
        <CardDescription>
          Every night at 2:00 AM a backup of all organization data is made and kept for 7 days.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-2">
        <Button onClick={onCreate} disabled={create.isPending}>
          <DatabaseBackup aria-hidden="true" />
          {create.isPending ? 'Starting...' : 'Create Backup Now'}
        </Button>
        <Button variant="outline" asChild>
          <Link href="/backup">
            Manage Backups
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </CardContent>
    </Card>
  )
}

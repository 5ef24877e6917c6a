import { TriangleAlert } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import type { CreatedOrganization } from '../api/create-organization'
import { CopyButton } from './reset-passwords-panel'

/** A set-up link the server could not e-mail: shown this once, to copy and pass on. */
export function SetupLinkDialog({ organization, onClose }: { organization: CreatedOrganization | null; onClose: () => void }) {
  return (
    <Dialog open={organization !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>Organization created</DialogTitle>
          <DialogDescription>{organization?.name} is ready. Its administrator's set-up link is below.</DialogDescription>
        </DialogHeader>
        {organization?.setupLink && (
          <div role="status" className="flex flex-col gap-3">
            <p className="flex gap-2 text-sm">
              <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-600" />
              <span>{organization.message}</span>
            </p>
            <div className="flex flex-col gap-1 rounded-md bg-muted p-3">
              <div className="flex items-center justify-between gap-2">
                <span className="text-sm font-medium">Set-up link for {organization.adminEmail}</span>
                <CopyButton text={organization.setupLink} label="Copy the set-up link" />
              </div>
              <code className="break-all text-xs">{organization.setupLink}</code>
            </div>
          </div>
        )}
        <DialogFooter>
          <Button onClick={onClose}>Done</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}

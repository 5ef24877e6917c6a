import { ShieldBan } from 'lucide-react'
import { Link } from 'wouter'
import { Button } from '@/components/ui/button'

export function AccessDenied() {
  return (
    <div className="flex min-h-[60dvh] flex-1 items-center justify-center p-6">
      <div className="flex max-w-md flex-col items-center gap-3 text-center">
        <ShieldBan aria-hidden="true" className="size-10 text-destructive" />
        <h1 className="text-2xl font-semibold tracking-tight">Access denied</h1>
        <p className="text-sm text-muted-foreground">
          You don't have permission to view this page. Ask an administrator if you need access.
        </p>
        <Button asChild variant="outline" className="mt-2">
          <Link href="/">Back to Dashboard</Link>
        </Button>
      </div>
    </div>
  )
}

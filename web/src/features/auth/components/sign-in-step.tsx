import { ArrowLeft } from 'lucide-react'
import type { ReactNode } from 'react'
import { Button } from '@/components/ui/button'

/** A sign-in step after the organization is known: Back, the organization's name, a title and what to do. */
export function SignInStep({
  organizationName,
  onBack,
  title,
  hint,
  children,
}: {
  organizationName: string
  onBack: () => void
  title: string
  hint: string
  children: ReactNode
}) {
  return (
    <div className="flex flex-col gap-6">
      <div className="flex items-center justify-between gap-2">
        <Button variant="ghost" size="sm" onClick={onBack} className="-ml-2">
          <ArrowLeft aria-hidden="true" />
          Back
        </Button>
        <span className="truncate rounded-full bg-primary-soft px-3 py-1 text-xs font-medium text-primary">
          {organizationName}
        </span>
      </div>

      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        <p className="text-sm text-muted-foreground">{hint}</p>
      </div>

      {children}
    </div>
  )
}

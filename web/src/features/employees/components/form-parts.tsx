import { AlertCircle } from 'lucide-react'
import type { ReactNode } from 'react'
import { Label } from '@/components/ui/label'
import { cn } from '@/lib/utils'

/** A label above its control. */
export function Field({ id, label, children, className }: { id: string; label: string; children: ReactNode; className?: string }) {
  return (
    <div className={cn('flex flex-col gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children}
    </div>
  )
}

/** Validation errors are listed under 'Please fix the following errors:'. */
export function FormErrors({ id, messages }: { id: string; messages: string[] }) {
  if (messages.length === 0) return null
  return (
    <div id={id} role="alert" className="rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive">
      <p className="flex items-center gap-2 font-medium">
        <AlertCircle aria-hidden="true" className="size-4" />
        Please fix the following errors:
      </p>
      <ul className="mt-1 list-disc pl-9">
        {messages.map((message) => (
          <li key={message}>{message}</li>
        ))}
      </ul>
    </div>
  )
}

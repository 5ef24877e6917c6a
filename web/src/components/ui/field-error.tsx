import { cn } from '@/lib/utils'

/** The validation message under a field; give the field aria-describedby={id}. */
export function FieldError({ id, message, className }: { id: string; message?: string; className?: string }) {
  if (!message) return null
  return (
    <p id={id} role="alert" className={cn('text-sm font-medium text-destructive', className)}>
      {message}
    </p>
  )
}

import type { ReactNode } from 'react'
import { Logo } from '@/components/logo'
import { useDocumentTitle } from '@/lib/use-document-title'

/** The calm, centred frame around the sign-in steps. */
export function AuthShell({ title, children, footer }: { title: string; children: ReactNode; footer?: ReactNode }) {
  useDocumentTitle(title)
  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-br from-primary-soft via-background to-background">
      <div className="mx-auto flex w-full max-w-md flex-1 flex-col justify-center gap-6 px-4 py-10">
        <Logo className="self-center" />
        <main className="rounded-2xl border bg-card p-6 shadow-lg shadow-primary/5 sm:p-8">{children}</main>
        {footer && <div className="text-center text-sm text-muted-foreground">{footer}</div>}
      </div>
    </div>
  )
}

import type { ReactNode } from 'react'
import { Logo } from '@/components/logo'
import { useDocumentTitle } from '@/lib/use-document-title'

/**
 * The calm, centred frame around the sign-in steps. The logo is the banner and the links below
 * the card the footer, so all content sits in a landmark (axe `region`).
 */
export function AuthShell({ title, children, footer }: { title: string; children: ReactNode; footer?: ReactNode }) {
  useDocumentTitle(title)
  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-br from-primary-soft via-background to-background">
      <div className="mx-auto flex w-full max-w-md flex-1 flex-col justify-center gap-6 px-4 py-10">
        <header className="flex self-center">
          <Logo />
        </header>
        <main className="rounded-2xl border bg-card p-6 shadow-lg shadow-primary/5 sm:p-8">{children}</main>
        {footer && <footer className="text-center text-sm text-muted-foreground">{footer}</footer>}
      </div>
    </div>
  )
}

import type { ReactNode } from 'react'
import { Link } from 'wouter'
import { Logo } from '@/components/logo'

/**
 * The calm, centred frame of the platform sign-in and Access Denied screens. The logo is the
 * banner and the home link the footer, so all content sits in a landmark (axe `region`).
 */
export function PlatformShell({ children, homeLink = true }: { children: ReactNode; homeLink?: boolean }) {
  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-br from-primary-soft via-background to-background">
      <div className="mx-auto flex w-full max-w-md flex-1 flex-col justify-center gap-6 px-4 py-10">
        <header className="flex self-center">
          <Logo />
        </header>
        <main className="rounded-2xl border bg-card p-6 shadow-lg shadow-primary/5 sm:p-8">{children}</main>
        {homeLink && (
          <footer className="text-center text-sm text-muted-foreground">
            <Link href="/" className="font-medium text-primary hover:underline">
              Back to Home
            </Link>
          </footer>
        )}
      </div>
    </div>
  )
}

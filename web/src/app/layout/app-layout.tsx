import type { ReactNode } from 'react'
import { OrganizationBanner } from '@/features/organization/components/organization-banner'
import { MobileNav } from './mobile-nav'
import { Sidebar } from './sidebar'

export function AppLayout({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-dvh lg:pl-64">
      <a
        href="#content"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-[60] focus:rounded-lg focus:bg-card focus:px-4 focus:py-2 focus:shadow"
      >
        Skip to content
      </a>
      <aside className="fixed inset-y-0 left-0 hidden w-64 border-r lg:block">
        <Sidebar />
      </aside>
      <MobileNav />
      <main id="content" tabIndex={-1} className="flex min-h-[calc(100dvh-3.5rem)] flex-col focus:outline-none lg:min-h-dvh">
        <OrganizationBanner />
        {children}
      </main>
    </div>
  )
}

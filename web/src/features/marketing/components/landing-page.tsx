import { ArrowRight } from 'lucide-react'
import { Logo } from '@/components/logo'
import { Button } from '@/components/ui/button'
import { useDocumentTitle } from '@/lib/use-document-title'
import { ContactSection } from './contact-section'
import { FeatureGrid } from './feature-grid'
import { ProductPreview } from './product-preview'

/** The public start page: what Merit does, how to reach us, and the way in. */
export function LandingPage({ onLogin }: { onLogin: () => void }) {
  useDocumentTitle('Merit')
  return (
    <div className="min-h-dvh bg-background">
      <header className="sticky top-0 z-40 border-b bg-background/85 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4 sm:px-6">
          <Logo />
          <nav aria-label="Main" className="flex items-center gap-1 sm:gap-4">
            <a href="#features" className="hidden rounded px-2 py-1 text-sm font-medium text-muted-foreground hover:text-foreground sm:inline">
              Features
            </a>
            <a href="#contact" className="hidden rounded px-2 py-1 text-sm font-medium text-muted-foreground hover:text-foreground sm:inline">
              Contact
            </a>
            <Button onClick={onLogin}>Login</Button>
          </nav>
        </div>
      </header>

      <main>
        <section className="overflow-hidden">
          <div className="mx-auto grid max-w-6xl items-center gap-14 px-4 py-16 sm:px-6 lg:grid-cols-2 lg:py-24">
            <div>
              <p className="inline-flex rounded-full bg-primary-soft px-3 py-1 text-xs font-semibold text-primary">
                Performance &amp; HR management
              </p>
              <h1 className="mt-5 text-4xl font-bold tracking-tight text-balance sm:text-5xl">
                Reviews people look forward to. HR that runs itself.
              </h1>
              <p className="mt-5 max-w-xl text-lg leading-relaxed text-muted-foreground">
                Merit brings employee records, performance reviews, certifications and reminders together, so your
                team spends less time chasing paperwork and more time growing.
              </p>
              <div className="mt-8 flex flex-wrap gap-3">
                <Button size="lg" onClick={onLogin}>
                  Login
                  <ArrowRight aria-hidden="true" />
                </Button>
                <Button size="lg" variant="outline" asChild>
                  <a href="#contact">Contact us</a>
                </Button>
              </div>
            </div>
            <ProductPreview />
          </div>
        </section>

        <FeatureGrid />
        <ContactSection />
      </main>

      <footer className="border-t py-8">
        <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-3 px-4 text-sm text-muted-foreground sm:flex-row sm:px-6">
          <Logo className="[&_svg]:size-6" />
          <p>© {new Date().getFullYear()} Merit. All rights reserved.</p>
        </div>
      </footer>
    </div>
  )
}

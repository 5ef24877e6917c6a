import { Mail, Phone } from 'lucide-react'

export const CONTACT_EMAIL = 'hello@merit.example'
export const CONTACT_PHONE = '+1 (555) 010-4242'

export function ContactSection() {
  return (
    <section id="contact" aria-labelledby="contact-heading" className="scroll-mt-20 py-20">
      <div className="mx-auto max-w-4xl px-4 text-center sm:px-6">
        <h2 id="contact-heading" className="text-3xl font-bold tracking-tight">
          Talk to us
        </h2>
        <p className="mt-3 text-muted-foreground">
          Questions about Merit, pricing or moving your reviews over? We answer within one business day.
        </p>
        <div className="mt-10 grid gap-4 sm:grid-cols-2">
          <a
            href={`mailto:${CONTACT_EMAIL}`}
            className="group flex items-center gap-4 rounded-2xl border bg-card p-5 text-left transition-shadow hover:shadow-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <span className="flex size-11 items-center justify-center rounded-xl bg-primary-soft text-primary">
              <Mail aria-hidden="true" className="size-5" />
            </span>
            <span>
              <span className="block text-sm text-muted-foreground">E-mail</span>
              <span className="block font-medium group-hover:text-primary">{CONTACT_EMAIL}</span>
            </span>
          </a>
          <a
            href={`tel:${CONTACT_PHONE.replace(/[^\d+]/g, '')}`}
            className="group flex items-center gap-4 rounded-2xl border bg-card p-5 text-left transition-shadow hover:shadow-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <span className="flex size-11 items-center justify-center rounded-xl bg-primary-soft text-primary">
              <Phone aria-hidden="true" className="size-5" />
            </span>
            <span>
              <span className="block text-sm text-muted-foreground">Phone</span>
              <span className="block font-medium group-hover:text-primary">{CONTACT_PHONE}</span>
            </span>
          </a>
        </div>
      </div>
    </section>
  )
}

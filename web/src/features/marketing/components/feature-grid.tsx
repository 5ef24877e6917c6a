import { Award, BellRing, ChartColumn, ClipboardList, ShieldCheck, Users, type LucideIcon } from 'lucide-react'

const FEATURES: { icon: LucideIcon; title: string; text: string }[] = [
  {
    icon: Users,
    title: 'Employee management',
    text: 'One up-to-date record per person: role, department, manager, documents and HR notes.',
  },
  {
    icon: ClipboardList,
    title: 'Performance reviews',
    text: 'Quarterly, annual and probation reviews built from reusable templates, completed step by step.',
  },
  {
    icon: Award,
    title: 'Certification tracking',
    text: 'Know who holds which certification and see expiries coming 30 and 90 days ahead.',
  },
  {
    icon: ChartColumn,
    title: 'Analytics',
    text: 'Completion rates, rating trends and department overviews without building a spreadsheet.',
  },
  {
    icon: BellRing,
    title: 'Automated reminders',
    text: 'Managers are nudged before reviews fall due, and overdue work never goes unnoticed.',
  },
  {
    icon: ShieldCheck,
    title: 'Multi-tenant security',
    text: "Each organization's data lives apart from every other, with role-based access and daily backups.",
  },
]

export function FeatureGrid() {
  return (
    <section id="features" aria-labelledby="features-heading" className="scroll-mt-20 bg-card py-20">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold uppercase tracking-wider text-primary">Everything in one place</p>
          <h2 id="features-heading" className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">
            The whole performance cycle, handled
          </h2>
          <p className="mt-4 text-muted-foreground">
            Merit replaces scattered documents and calendar reminders with one calm workspace for HR, managers and
            their teams.
          </p>
        </div>
        <ul className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-2xl border bg-background p-6 transition-shadow hover:shadow-md">
              <span className="flex size-11 items-center justify-center rounded-xl bg-primary-soft text-primary">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <h3 className="mt-4 font-semibold">{title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}

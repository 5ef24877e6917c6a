import { CircleCheck, Star } from 'lucide-react'

const ROWS = [
  { initials: 'JD', name: 'Jordan Diaz', team: 'Engineering', badge: 'Quarterly', tone: 'bg-secondary' },
  { initials: 'AK', name: 'Amara Kone', team: 'Sales', badge: 'Annual', tone: 'bg-primary-soft text-primary' },
  { initials: 'LM', name: 'Lena Moreau', team: 'Operations', badge: 'Probation', tone: 'bg-secondary' },
]

/** A static, decorative sketch of the dashboard for the hero. */
export function ProductPreview() {
  return (
    <div aria-hidden="true" className="relative mx-auto w-full max-w-lg">
      <div className="absolute -inset-6 -z-10 rounded-[2rem] bg-gradient-to-tr from-primary/20 via-primary-soft to-transparent blur-2xl" />
      <div className="rounded-2xl border bg-card p-5 shadow-2xl shadow-primary/10">
        <div className="grid grid-cols-3 gap-3">
          {[
            ['Employees', '128'],
            ['Reviews due', '9'],
            ['Avg rating', '4.21'],
          ].map(([label, value]) => (
            <div key={label} className="rounded-xl bg-muted p-3">
              <p className="text-[11px] text-muted-foreground">{label}</p>
              <p className="mt-1 text-xl font-semibold">{value}</p>
            </div>
          ))}
        </div>
        <p className="mt-5 text-xs font-semibold text-muted-foreground">Upcoming reviews</p>
        <ul className="mt-2 divide-y">
          {ROWS.map((row) => (
            <li key={row.name} className="flex items-center gap-3 py-2.5">
              <span className="flex size-8 items-center justify-center rounded-full bg-primary-soft text-xs font-semibold text-primary">
                {row.initials}
              </span>
              <span className="flex-1">
                <span className="block text-sm font-medium">{row.name}</span>
                <span className="block text-xs text-muted-foreground">{row.team}</span>
              </span>
              <span className={`rounded-full px-2 py-0.5 text-[11px] font-medium ${row.tone}`}>{row.badge}</span>
            </li>
          ))}
        </ul>
        <div className="mt-4 flex items-center gap-2 rounded-xl bg-success/10 p-3 text-xs font-medium text-success">
          <CircleCheck className="size-4" />
          Q3 reviews 92% complete
          <Star className="ml-auto size-4 fill-current" />
        </div>
      </div>
    </div>
  )
}

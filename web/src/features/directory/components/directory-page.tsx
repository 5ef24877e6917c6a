import { BookUser, Mail } from 'lucide-react'
import { Link } from 'wouter'
import { PageHeader } from '@/components/layout/page-header'
import { Card } from '@/components/ui/card'
import { DepartmentFilter, Pager, pageOf } from '@/components/ui/list-controls'
import { QueryState } from '@/components/ui/query-state'
import { Skeleton } from '@/components/ui/skeleton'
import { reachesEveryone, useViewer, type Viewer } from '@/lib/access'
import { useDepartments } from '@/lib/api/departments'
import { getInitials } from '@/lib/format'
import { useSearchField, useUrlState } from '@/lib/url-state'
import { useDirectoryPage, useReachableEmployees, type DirectoryEntry } from '../api/get-directory'

/** Entries per page. */
export const DIRECTORY_PER_PAGE = 50

const DEFAULTS = { q: '', department: '', page: '1' } as const
type Key = keyof typeof DEFAULTS

/**
 * Which entries link to a profile: all of them for a reader who reads every profile; otherwise
 * the reader's own and, with a reporting line, those the employee list says the reader reaches.
 * The others are a row of contact details only.
 */
function useProfileLinks(viewer: Viewer): (entry: DirectoryEntry) => boolean {
  const rules = viewer.access['employees.read'] ?? []
  const everyone = reachesEveryone(viewer.access, 'employees.read')
  const line = !everyone && rules.includes('line')
  const reachable = useReachableEmployees(line)
  return (entry) => {
    if (everyone) return true
    if (entry.id === viewer.employeeId) return rules.includes('own')
    return line && (reachable.data?.has(entry.id) ?? false)
  }
}

function fullName(entry: DirectoryEntry): string {
  return `${entry.firstName} ${entry.lastName}`
}

function EntryRow({ entry, linked }: { entry: DirectoryEntry; linked: boolean }) {
  const name = fullName(entry)
  return (
    <li className="grid grid-cols-[auto_1fr] items-start gap-x-3 gap-y-1 px-4 py-3 sm:grid-cols-[auto_minmax(0,2fr)_minmax(0,1.2fr)_minmax(0,2fr)] sm:items-center">
      <span
        aria-hidden="true"
        className="row-span-3 flex size-9 shrink-0 items-center justify-center rounded-full bg-primary-soft text-xs font-semibold text-primary sm:row-span-1"
      >
        {getInitials(entry.firstName, entry.lastName)}
      </span>
      <div className="min-w-0">
        {linked ? (
          <Link href={`/employees/${entry.id}`} className="font-medium text-primary hover:underline">
            {name}
          </Link>
        ) : (
          <p className="font-medium">{name}</p>
        )}
        <p className="truncate text-sm text-muted-foreground">{entry.position || '—'}</p>
      </div>
      <div className="min-w-0 text-sm">
        <p className="truncate">{entry.departmentName ?? entry.department ?? '—'}</p>
        {entry.managerName && <p className="truncate text-muted-foreground">Reports to {entry.managerName}</p>}
      </div>
      <div className="min-w-0 text-sm">
        {entry.email ? (
          <a
            href={`mailto:${entry.email}`}
            className="inline-flex max-w-full items-center gap-1.5 text-muted-foreground hover:text-foreground hover:underline"
          >
            <Mail aria-hidden="true" className="size-3.5 shrink-0" />
            <span className="truncate">{entry.email}</span>
          </a>
        ) : (
          <span className="text-muted-foreground">No e-mail</span>
        )}
      </div>
    </li>
  )
}

function RowSkeletons() {
  return (
    <Card role="status" aria-label="Loading the directory" className="flex flex-col divide-y">
      {Array.from({ length: 6 }, (_, i) => (
        <div key={i} className="flex items-center gap-3 px-4 py-3">
          <Skeleton className="size-9 rounded-full" />
          <Skeleton className="h-4 w-48" />
        </div>
      ))}
    </Card>
  )
}

function Notice({ children, alert = false }: { children: string; alert?: boolean }) {
  return (
    <Card role={alert ? 'alert' : undefined} className="flex flex-col items-center gap-2 px-6 py-16 text-center">
      <BookUser aria-hidden="true" className="size-10 text-muted-foreground" />
      <p className="text-lg font-medium">{children}</p>
    </Card>
  )
}

/** The Directory: everyone's name, position, department, e-mail and manager, for everyone signed in. */
export default function DirectoryPage() {
  const [state, update] = useUrlState<Key>(DEFAULTS)
  const page = pageOf(state.page)
  const refine = (patch: Partial<Record<Key, string>>) => update({ ...patch, page: '1' })
  const [search, setSearch] = useSearchField(state.q, (q) => refine({ q }))
  const directory = useDirectoryPage({ search: state.q, department: state.department, page, pageSize: DIRECTORY_PER_PAGE })
  const departments = useDepartments()
  const linked = useProfileLinks(useViewer())
  const shown = directory.data?.items ?? []

  return (
    <>
      <PageHeader
        title="Directory"
        subtitle="Who is who: everyone's position, department, e-mail and manager"
        search={{ placeholder: 'Search the directory...', value: search, onChange: setSearch }}
      />
      <div className="flex flex-col gap-4 p-4 sm:p-6 lg:p-8">
        <DepartmentFilter
          departments={departments.data}
          className="w-full sm:w-56"
          value={state.department}
          onChange={(department) => refine({ department })}
        />
        <QueryState
          query={directory}
          isEmpty={shown.length === 0}
          loading={<RowSkeletons />}
          failed={<Notice alert>The directory could not be loaded. Please try again in a moment.</Notice>}
          empty={<Notice>Nobody matches this search</Notice>}
        >
          {() => (
            <div className="flex flex-col gap-4" aria-busy={directory.isFetching}>
              <Card className="overflow-hidden p-0">
                <ul aria-label="Directory" className="divide-y">
                  {shown.map((entry) => (
                    <EntryRow key={entry.id} entry={entry} linked={linked(entry)} />
                  ))}
                </ul>
              </Card>
              <Pager
                page={page}
                pageSize={DIRECTORY_PER_PAGE}
                total={directory.data?.total ?? shown.length}
                noun="people"
                onPage={(next) => update({ page: String(next) })}
              />
            </div>
          )}
        </QueryState>
      </div>
    </>
  )
}

import type { ReactElement, ReactNode } from 'react'
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { humanize } from '@/lib/format'
import type { Analytics } from '../api/get-analytics'

const PRIMARY = 'var(--color-primary, #4f46e5)'
const COLORS = { pending: '#94a3b8', inProgress: '#f59e0b', completed: '#10b981' }
const axis = { fontSize: 12, stroke: 'currentColor' }

/** A chart panel; the numbers are also in a table for screen readers. */
function ChartPanel({
  title,
  description,
  table,
  children,
}: {
  title: string
  description: string
  table: { head: string[]; rows: (string | number)[][] }
  children: ReactNode
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        <div aria-hidden="true" className="h-64 text-muted-foreground">
          <ResponsiveContainer width="100%" height="100%">
            {children as ReactElement}
          </ResponsiveContainer>
        </div>
        {/* sr-only on the wrapper: a table ignores the 1px width and would widen the page. */}
        <div className="sr-only">
          <table>
            <caption>{title}</caption>
            <thead>
              <tr>
                {table.head.map((h) => (
                  <th key={h}>{h}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row) => (
                <tr key={String(row[0])}>
                  {row.map((cell, i) => (
                    <td key={i}>{cell}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </CardContent>
    </Card>
  )
}

export function DepartmentChart({ data }: { data: Analytics['departments'] }) {
  return (
    <ChartPanel
      title="Department Overview"
      description="Active employees per department"
      table={{ head: ['Department', 'Employees'], rows: data.map((d) => [d.name, d.employeeCount]) }}
    >
      <BarChart accessibilityLayer={false} data={data} margin={{ left: -16 }}>
        <CartesianGrid strokeDasharray="3 3" strokeOpacity={0.3} />
        <XAxis dataKey="name" tick={axis} interval={0} angle={-20} textAnchor="end" height={50} />
        <YAxis allowDecimals={false} tick={axis} />
        <Tooltip />
        <Bar dataKey="employeeCount" name="Employees" fill={PRIMARY} radius={[4, 4, 0, 0]} />
      </BarChart>
    </ChartPanel>
  )
}

export function ReviewTypesChart({ data }: { data: Analytics['reviewTypes'] }) {
  const rows = data.map((t) => ({ ...t, label: humanize(t.reviewType) }))
  return (
    <ChartPanel
      title="Review Types"
      description="Reviews by type and status"
      table={{
        head: ['Type', 'Pending', 'In Progress', 'Completed'],
        rows: rows.map((t) => [t.label, t.pending, t.inProgress, t.completed]),
      }}
    >
      <BarChart accessibilityLayer={false} data={rows} margin={{ left: -16 }}>
        <CartesianGrid strokeDasharray="3 3" strokeOpacity={0.3} />
        <XAxis dataKey="label" tick={axis} interval={0} angle={-20} textAnchor="end" height={50} />
        <YAxis allowDecimals={false} tick={axis} />
        <Tooltip />
        <Legend verticalAlign="top" height={28} />
        <Bar dataKey="pending" name="Pending" stackId="s" fill={COLORS.pending} />
        <Bar dataKey="inProgress" name="In Progress" stackId="s" fill={COLORS.inProgress} />
        <Bar dataKey="completed" name="Completed" stackId="s" fill={COLORS.completed} />
      </BarChart>
    </ChartPanel>
  )
}

export function RatingChart({ data }: { data: Analytics['ratingDistribution'] }) {
  return (
    <ChartPanel
      title="Rating Distribution"
      description="Overall ratings of completed reviews"
      table={{ head: ['Rating', 'Reviews'], rows: data.map((r) => [r.rating, r.count]) }}
    >
      <BarChart accessibilityLayer={false} data={data} margin={{ left: -16 }}>
        <CartesianGrid strokeDasharray="3 3" strokeOpacity={0.3} />
        <XAxis dataKey="rating" tick={axis} />
        <YAxis allowDecimals={false} tick={axis} />
        <Tooltip />
        <Bar dataKey="count" name="Reviews" fill={PRIMARY} radius={[4, 4, 0, 0]} />
      </BarChart>
    </ChartPanel>
  )
}

export function CompletionChart({ data }: { data: Analytics['completionByQuarter'] }) {
  return (
    <ChartPanel
      title="Completion Rate"
      description="Share of reviews due each quarter that were completed"
      table={{
        head: ['Quarter', 'Due', 'Completed', 'Rate'],
        rows: data.map((q) => [q.quarter, q.due, q.completed, `${q.rate}%`]),
      }}
    >
      <LineChart accessibilityLayer={false} data={data} margin={{ left: -16, right: 16 }}>
        <CartesianGrid strokeDasharray="3 3" strokeOpacity={0.3} />
        <XAxis dataKey="quarter" tick={axis} />
        <YAxis domain={[0, 100]} tickFormatter={(v: number) => `${v}%`} tick={axis} />
        <Tooltip formatter={(v) => `${String(v)}%`} />
        <Line type="linear" dataKey="rate" name="Completion rate" stroke={PRIMARY} strokeWidth={2} dot />
      </LineChart>
    </ChartPanel>
  )
}

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

export const PRIMARY = 'var(--color-primary, #4f46e5)'
const COLORS = { pending: '#94a3b8', inProgress: '#f59e0b', completed: '#10b981' }
export const axis = { fontSize: 12, stroke: 'currentColor' }

const LINE_CHARS = 14
const LINE_HEIGHT = 13

/** Words of a label in lines of at most about LINE_CHARS characters. */
export function wrapLabel(label: string, width = LINE_CHARS): string[] {
  const lines: string[] = []
  for (const word of label.split(/\s+/).filter(Boolean)) {
    const last = lines.at(-1)
    if (last !== undefined && last.length + 1 + word.length <= width) lines[lines.length - 1] = `${last} ${word}`
    else lines.push(word)
  }
  return lines
}

/**
 * A category label beside its bar, wrapped onto lines and centred on the bar, so long names
 * ("Performance Improvement", "Human Resources") stay whole instead of being cut off.
 */
export function CategoryTick({ x = 0, y = 0, payload }: { x?: number; y?: number; payload?: { value?: unknown } }) {
  const lines = wrapLabel(String(payload?.value ?? ''))
  return (
    <text x={x} y={y} textAnchor="end" dominantBaseline="middle" fontSize={12} fill="currentColor">
      {lines.map((line, i) => (
        <tspan key={i} x={x} dy={i === 0 ? (-(lines.length - 1) * LINE_HEIGHT) / 2 : LINE_HEIGHT}>
          {line}
        </tspan>
      ))}
    </text>
  )
}

/** Height for a chart of horizontal bars: at least 16rem, more when there are many. */
export const barsHeight = (count: number) => Math.max(256, count * 44)

/** A chart panel; the numbers are also in a table for screen readers. */
export function ChartPanel({
  title,
  description,
  table,
  height = 256,
  children,
}: {
  title: string
  description: string
  table: { head: string[]; rows: (string | number)[][] }
  height?: number
  children: ReactNode
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        <div aria-hidden="true" className="text-muted-foreground" style={{ height }}>
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
      table={{ head: ['Department', 'Active employees'], rows: data.map((d) => [d.name, d.employeeCount]) }}
      height={barsHeight(data.length)}
    >
      <BarChart accessibilityLayer={false} data={data} layout="vertical" margin={{ top: 4, right: 16 }}>
        <CartesianGrid strokeDasharray="3 3" strokeOpacity={0.3} horizontal={false} />
        <XAxis type="number" allowDecimals={false} tick={axis} />
        <YAxis type="category" dataKey="name" width={110} interval={0} tick={<CategoryTick />} />
        <Tooltip />
        <Bar dataKey="employeeCount" name="Active employees" fill={PRIMARY} radius={[0, 4, 4, 0]} maxBarSize={28} />
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
      height={barsHeight(rows.length)}
    >
      <BarChart accessibilityLayer={false} data={rows} layout="vertical" margin={{ top: 4, right: 16 }}>
        <CartesianGrid strokeDasharray="3 3" strokeOpacity={0.3} horizontal={false} />
        <XAxis type="number" allowDecimals={false} tick={axis} />
        <YAxis type="category" dataKey="label" width={110} interval={0} tick={<CategoryTick />} />
        <Tooltip />
        <Legend verticalAlign="top" height={28} />
        <Bar dataKey="pending" name="Pending" stackId="s" fill={COLORS.pending} maxBarSize={28} />
        <Bar dataKey="inProgress" name="In Progress" stackId="s" fill={COLORS.inProgress} maxBarSize={28} />
        <Bar dataKey="completed" name="Completed" stackId="s" fill={COLORS.completed} maxBarSize={28} />
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
      <BarChart accessibilityLayer={false} data={data} margin={{ top: 8, left: -16 }}>
        <CartesianGrid strokeDasharray="3 3" strokeOpacity={0.3} />
        <XAxis dataKey="rating" tick={axis} />
        <YAxis allowDecimals={false} tick={axis} />
        <Tooltip />
        <Bar dataKey="count" name="Reviews" fill={PRIMARY} radius={[4, 4, 0, 0]} />
      </BarChart>
    </ChartPanel>
  )
}

/** A completion rate as shown: "75%", or "no reviews due" for a quarter without any. */
const completionText = (rate: number | null) => (rate === null ? 'no reviews due' : `${rate}%`)

export function CompletionChart({ data }: { data: Analytics['completionByQuarter'] }) {
  return (
    <ChartPanel
      title="Completion Rate"
      description="Share of reviews due each quarter that were completed"
      table={{
        head: ['Quarter', 'Due', 'Completed', 'Rate'],
        rows: data.map((q) => [q.quarter, q.due, q.completed, completionText(q.rate)]),
      }}
    >
      {/* Room above 100% and beside the first and last quarter, so no point is cut off. A
          quarter without reviews due has no point: the line breaks there. */}
      <LineChart accessibilityLayer={false} data={data} margin={{ top: 12, left: -16, right: 16 }}>
        <CartesianGrid strokeDasharray="3 3" strokeOpacity={0.3} />
        <XAxis dataKey="quarter" tick={axis} padding={{ left: 24, right: 24 }} />
        <YAxis domain={[0, 100]} tickFormatter={(v: number) => `${v}%`} tick={axis} />
        <Tooltip formatter={(v) => completionText(typeof v === 'number' ? v : null)} />
        <Line
          type="linear"
          dataKey="rate"
          name="Completion rate"
          stroke={PRIMARY}
          strokeWidth={2}
          dot
          isAnimationActive={false}
        />
      </LineChart>
    </ChartPanel>
  )
}

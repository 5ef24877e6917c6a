import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts'
import type { CycleAnalytics } from '../api/cycle-analytics'
import { CategoryTick, ChartPanel, PRIMARY, axis, barsHeight } from './charts'

/** Ratings 1 (poor) to 5 (excellent): red through green. */
export const RATING_COLORS = ['#ef4444', '#f97316', '#eab308', '#84cc16', '#10b981']
const RATINGS = [1, 2, 3, 4, 5]

/** "2.50", or "—" when nobody was rated. */
export const averageText = (value: number | null | undefined) => (value == null ? '—' : value.toFixed(2))

/** A rate as shown: "66.7%". */
const percent = (value: number) => `${value}%`

export function CycleCompletionChart({ data }: { data: CycleAnalytics['completionByDepartment'] }) {
  return (
    <ChartPanel
      title="Completion by Department"
      description="Share of the cycle's reviews that are done"
      table={{
        head: ['Department', 'Reviews', 'Done', 'Rate'],
        rows: data.map((d) => [d.department, d.total, d.done, percent(d.rate)]),
      }}
      height={barsHeight(data.length)}
    >
      <BarChart accessibilityLayer={false} data={data} layout="vertical" margin={{ top: 4, right: 16 }}>
        <CartesianGrid strokeDasharray="3 3" strokeOpacity={0.3} horizontal={false} />
        <XAxis type="number" domain={[0, 100]} tickFormatter={percent} tick={axis} />
        <YAxis type="category" dataKey="department" width={110} interval={0} tick={<CategoryTick />} />
        <Tooltip formatter={(v) => percent(Number(v))} />
        <Bar dataKey="rate" name="Done" fill={PRIMARY} radius={[0, 4, 4, 0]} maxBarSize={28} />
      </BarChart>
    </ChartPanel>
  )
}

export function CycleRatingsChart({ data }: { data: CycleAnalytics['ratingsByDepartment'] }) {
  const rows = data.map((d) => ({
    department: d.department,
    ...Object.fromEntries(d.distribution.map((r) => [`r${r.rating}`, r.count])),
  }))
  return (
    <ChartPanel
      title="Ratings by Department"
      description="How many of each rating, and the department's average"
      table={{
        head: ['Department', 'Rated', 'Average', ...RATINGS.map((r) => `Rated ${r}`)],
        rows: data.map((d) => [
          d.department,
          d.count,
          averageText(d.average),
          ...d.distribution.map((r) => r.count),
        ]),
      }}
      height={barsHeight(data.length) + 28}
    >
      <BarChart accessibilityLayer={false} data={rows} layout="vertical" margin={{ top: 4, right: 16 }}>
        <CartesianGrid strokeDasharray="3 3" strokeOpacity={0.3} horizontal={false} />
        <XAxis type="number" allowDecimals={false} tick={axis} />
        <YAxis type="category" dataKey="department" width={110} interval={0} tick={<CategoryTick />} />
        <Tooltip />
        <Legend verticalAlign="top" height={28} />
        {RATINGS.map((r) => (
          <Bar key={r} dataKey={`r${r}`} name={`${r}`} stackId="s" fill={RATING_COLORS[r - 1]} maxBarSize={28} />
        ))}
      </BarChart>
    </ChartPanel>
  )
}

import { apiRequest } from '@/lib/api-client'

export const REPORT_URL = '/api/reviews/export'

function filenameFrom(res: Response): string {
  const match = /filename="?([^";]+)"?/.exec(res.headers.get('content-disposition') ?? '')
  return match?.[1] ?? 'reviews-report.csv'
}

/** Generate Report: the server's CSV of every review, saved by the browser. */
export async function downloadReviewsReport(): Promise<string> {
  const res = await apiRequest('GET', REPORT_URL)
  const blob = await res.blob()
  const name = filenameFrom(res)
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = name
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 1000)
  return name
}

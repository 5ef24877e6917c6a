import { api, saveBlob } from '@/lib/api-client'

function filenameFrom(res: Response): string {
  const match = /filename="?([^";]+)"?/.exec(res.headers.get('content-disposition') ?? '')
  return match?.[1] ?? 'reviews-report.csv'
}

/** Generate Report: the server's CSV of every review, saved by the browser. */
export async function downloadReviewsReport(): Promise<string> {
  const { data, response } = await api.GET('/api/reviews/export', { parseAs: 'blob' })
  const name = filenameFrom(response)
  saveBlob(data ?? new Blob(), name)
  return name
}

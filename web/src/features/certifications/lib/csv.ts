/** CSV text (RFC 4180): fields with commas, quotes or line breaks are quoted. A leading
 * =, +, -, @, tab or carriage return is escaped with a quote so a spreadsheet never runs a
 * cell as a formula (OWASP CSV injection); plain numbers are left as they are. */
export function toCsv(rows: readonly (readonly (string | number | boolean | null | undefined)[])[]): string {
  return rows
    .map((row) =>
      row
        .map((value) => {
          let text = value === null || value === undefined ? '' : String(value)
          // A plain number (say -3 days) cannot be a formula and stays a number.
          if (/^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text)) text = `'${text}`
          return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
        })
        .join(','),
    )
    .join('\r\n')
}

/** Offers text as a file download. */
export function downloadText(fileName: string, text: string, type = 'text/csv;charset=utf-8'): void {
  // A byte-order mark lets spreadsheet programs read the UTF-8 names correctly.
  const blob = new Blob(['\uFEFF', text], { type })
  const url = URL.createObjectURL(blob)
  try {
    const link = document.createElement('a')
    link.href = url
    link.download = fileName
    link.rel = 'noopener'
    document.body.appendChild(link)
    link.click()
    link.remove()
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 1000)
  }
}

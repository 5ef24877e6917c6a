// The mail the server sent, as server.sh's local SMTP server (aiosmtpd's Mailbox handler)
// stored it: one file per message in MAILDIR/new.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { MAILDIR } from './env.mjs'

function decodePart(headers, body) {
  const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(headers)?.[1]?.toLowerCase()
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
  if (encoding === 'quoted-printable') {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex) => String.fromCharCode(parseInt(hex, 16)))
    return Buffer.from(bytes, 'latin1').toString('utf8')
  }
  return body
}

/** Parse one stored message into { to, subject, text } (text: the text/plain part). */
export function parseMessage(raw) {
  const split = raw.search(/\r?\n\r?\n/)
  const headers = raw.slice(0, split)
  const unfolded = headers.replace(/\r?\n[ \t]+/g, ' ')
  const header = (name) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(unfolded)?.[1]?.trim()
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(unfolded)?.[1]
  let text = ''
  if (boundary) {
    for (const part of raw.split(`--${boundary}`).slice(1)) {
      const at = part.search(/\r?\n\r?\n/)
      if (at < 0) continue
      const partHeaders = part.slice(0, at)
      if (/content-type:\s*text\/plain/i.test(partHeaders)) text = decodePart(partHeaders, part.slice(at).trim())
    }
  } else {
    text = decodePart(unfolded, raw.slice(split).trim())
  }
  return { to: header('To'), subject: header('Subject'), text }
}

function files() {
  if (!MAILDIR) throw new Error('MERIT_DATA_DIR is not set: run the browser tests through tests/e2e/run.sh')
  try {
    return readdirSync(join(MAILDIR, 'new')).sort()
  } catch {
    return [] // no mail yet
  }
}

/** The messages stored so far, to wait only for newer ones: waitForMail(to, { after: mailMark() }). */
export const mailMark = () => new Set(files())

/** Wait for a new message (not in `after`) to `to` that `matches`, at most `timeout` ms. */
export async function waitForMail(to, { after = new Set(), matches = () => true, timeout = 30_000 } = {}) {
  const deadline = Date.now() + timeout
  for (;;) {
    for (const name of files()) {
      if (after.has(name)) continue
      const message = parseMessage(readFileSync(join(MAILDIR, 'new', name), 'utf8'))
      if (message.to?.toLowerCase().includes(to.toLowerCase()) && matches(message)) return message
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeout} ms (SMTP_HOST set for the server?)`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

import { z } from 'zod'

// zod compiles object parsers with `new Function` once it has checked that eval is allowed;
// under the app's Content-Security-Policy (no 'unsafe-eval') that check is itself a violation
// in the console. Interpreting instead costs nothing a form would notice. Forms import z from
// here (ESLint refuses 'zod' elsewhere), so the setting is made before any schema runs, and
// zod loads only with the first form, never with the landing page.
z.config({ jitless: true })

export { z }

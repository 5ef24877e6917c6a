import { SelectField, TextField } from '@/components/ui/text-field'
import type { TemplateOption } from '../api/options'
import type { CycleForm, FormProblems } from '../lib/cycle-form'

interface Props {
  form: CycleForm
  change: (patch: Partial<CycleForm>) => void
  problems: FormProblems
  templates: readonly TemplateOption[]
}

type Toggle = 'withSelf' | 'withFeedback' | 'withAcknowledge'
type Due = 'selfDue' | 'feedbackDue' | 'acknowledgeDue'

/** An optional stage: a box that switches it on, then its due date. */
function OptionalStage({ form, change, problems, toggle, due, label, hint }: Omit<Props, 'templates'> & {
  toggle: Toggle
  due: Due
  label: string
  hint: string
}) {
  const id = `cycle-${due}`
  return (
    <div className="flex flex-col gap-2 rounded-lg border p-3">
      <label className="flex items-center gap-2 text-sm font-medium">
        <input type="checkbox" checked={form[toggle]} onChange={(e) => change({ [toggle]: e.target.checked })} />
        {label}
      </label>
      <p className="text-xs text-muted-foreground">{hint}</p>
      {form[toggle] && (
        <TextField
          id={id}
          label={`${label} due`}
          type="date"
          value={form[due]}
          error={problems[due]}
          onChange={(e) => change({ [due]: e.target.value })}
        />
      )}
    </div>
  )
}

/** The stages in order: self-review, feedback (optional), the review, acknowledgement (optional). */
export function StageFields(props: Props) {
  const { form, change, problems, templates } = props
  return (
    <section className="flex flex-col gap-3">
      <h3 className="text-sm font-medium">Stages</h3>
      <OptionalStage
        {...props}
        toggle="withSelf"
        due="selfDue"
        label="Self-review"
        hint="Each employee answers questions about their own period first."
      />
      {form.withSelf && (
        <SelectField
          id="cycle-self-template"
          label="Self-review questions"
          value={form.selfTemplateId}
          onChange={(e) => change({ selfTemplateId: e.target.value })}
        >
          <option value="">The review's own template</option>
          {templates.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
        </SelectField>
      )}
      <OptionalStage
        {...props}
        toggle="withFeedback"
        due="feedbackDue"
        label="Peer feedback"
        hint="Reviewers ask colleagues for anonymous feedback."
      />
      <TextField
        id="cycle-review-due"
        label="Review due"
        type="date"
        value={form.reviewDue}
        error={problems.reviewDue}
        onChange={(e) => change({ reviewDue: e.target.value })}
      />
      <OptionalStage
        {...props}
        toggle="withAcknowledge"
        due="acknowledgeDue"
        label="Share and acknowledge"
        hint="The finished review is shared with the employee, who acknowledges it."
      />
    </section>
  )
}

import { useState, type FormEvent } from 'react'
import { useLocation } from 'wouter'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { SelectField, TextField } from '@/components/ui/text-field'
import { errorMessage } from '@/lib/api-client'
import { toast } from '@/lib/use-toast'
import { useSaveCycle, type Cycle } from '../api/cycles'
import { useEmployeeChoices, useTemplateChoices, type TemplateOption } from '../api/options'
import { bodyOf, emptyForm, formFromCycle, problemsOf, selfReviewTemplateId, type CycleForm, type FormProblems } from '../lib/cycle-form'
import { REVIEW_TYPE_LABELS } from '../lib/labels'
import { PopulationFields } from './population-fields'
import { StageFields } from './stage-fields'

interface Props {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** A draft to change; none: a new cycle. */
  cycle?: Cycle
}

/**
 * The form's state, made afresh each time the dialog opens (its content mounts then). A new
 * cycle's self-review questions start as the Self-Review template once the templates are in;
 * a draft keeps what it was saved with.
 */
function useCycleForm({ onOpenChange, cycle }: Props, templates: readonly TemplateOption[] | undefined) {
  const [form, setForm] = useState<CycleForm>(() => (cycle ? formFromCycle(cycle) : emptyForm()))
  const [seeded, setSeeded] = useState(Boolean(cycle))
  const [problems, setProblems] = useState<FormProblems>({})
  const [, navigate] = useLocation()
  const save = useSaveCycle(cycle?.id ?? null)
  const change = (patch: Partial<CycleForm>) => setForm((current) => ({ ...current, ...patch }))
  if (!seeded && templates) {
    setSeeded(true)
    change({ selfTemplateId: form.selfTemplateId || selfReviewTemplateId(templates) })
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const found = problemsOf(form)
    setProblems(found)
    if (Object.keys(found).length > 0) return
    save.mutate(bodyOf(form), {
      onSuccess: (saved) => {
        onOpenChange(false)
        toast({ title: cycle ? 'Cycle saved' : 'Cycle created', description: saved.name })
        if (!cycle) navigate(`/cycles/${saved.id}`)
      },
      onError: (error) => toast({ variant: 'destructive', title: 'Not saved', description: errorMessage(error) }),
    })
  }
  return { form, change, problems, submit, pending: save.isPending }
}

function BasicFields({ form, change, problems, templates }: ReturnType<typeof useCycleForm> & { templates: readonly TemplateOption[] }) {
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
      <TextField
        id="cycle-name"
        label="Name"
        className="sm:col-span-2"
        value={form.name}
        maxLength={100}
        error={problems.name}
        onChange={(e) => change({ name: e.target.value })}
      />
      <SelectField
        id="cycle-type"
        label="Review type"
        value={form.reviewType}
        onChange={(e) => change({ reviewType: e.target.value as CycleForm['reviewType'] })}
      >
        {Object.entries(REVIEW_TYPE_LABELS).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </SelectField>
      <SelectField
        id="cycle-template"
        label="Template"
        value={form.templateId}
        error={problems.templateId}
        onChange={(e) => change({ templateId: e.target.value })}
      >
        <option value="">Select a template…</option>
        {templates.map((t) => (
          <option key={t.id} value={t.id}>
            {t.name}
          </option>
        ))}
      </SelectField>
    </div>
  )
}

function CycleFormBody(props: Props) {
  const loaded = useTemplateChoices(true).data
  const state = useCycleForm(props, loaded)
  const templates = loaded ?? []
  const employees = useEmployeeChoices(state.form.kind === 'employees').data ?? []
  const { form, change, problems, pending } = state
  return (
    <form noValidate onSubmit={state.submit} className="flex flex-col gap-5">
      <BasicFields {...state} templates={templates} />
      <PopulationFields form={form} change={change} problems={problems} employees={employees} />
      <StageFields form={form} change={change} problems={problems} templates={templates} />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={() => props.onOpenChange(false)} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? 'Saving…' : props.cycle ? 'Save draft' : 'Create draft'}
        </Button>
      </DialogFooter>
    </form>
  )
}

/** New cycle (or Edit draft): its name, template, who is in it and its stages with their dates. */
export function CycleFormDialog(props: Props) {
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{props.cycle ? 'Edit draft cycle' : 'New review cycle'}</DialogTitle>
          <DialogDescription>Nothing is sent to anyone until the cycle is launched.</DialogDescription>
        </DialogHeader>
        <CycleFormBody {...props} />
      </DialogContent>
    </Dialog>
  )
}

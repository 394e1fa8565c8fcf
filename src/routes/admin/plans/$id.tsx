import { Alert, Checkbox, NativeSelect, NumberInput, Paper, SimpleGrid, Stack, TextInput, Title } from '@mantine/core'
import { useMutation, useQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { LOCALES } from '../../../../core/domain/locale.js'
import { PLAN_PERIODS } from '../../../../core/domain/billing/prices.js'
import { PLAN_FEATURES, planSchema, type PlanInput } from '../../../../core/domain/schemas/catalog-admin.js'
import { AdminTitle } from '../../../features/admin/AdminTitle'
import { EditorActions } from '../../../features/admin/editors/EditorActions'
import { editorParams } from '../../../features/admin/editors/editor-id'
import { LocaleFields } from '../../../features/admin/editors/LocaleFields'
import { useEditorSave } from '../../../features/admin/editors/save'
import { focusFirstError, useSchemaForm, validateOnSubmit } from '../../../lib/forms'
import { useI18n } from '../../../lib/locale'
import { useTRPC } from '../../../lib/trpc'

/** The currency of a plan created here (the plan table's default). */
const NEW_PLAN_CURRENCY = 'EUR'

/** /admin/plans/{id|new}: terms, presentation and download limit of a plan. */
export const Route = createFileRoute('/admin/plans/$id')({
  ssr: false,
  params: editorParams,
  component: PlanEditPage,
})

function PlanEditPage() {
  const { id } = Route.useParams()
  const { data } = useQuery(useTRPC().admin.plans.get.queryOptions({ id: id ?? 0 }, { enabled: id !== null, staleTime: 0 }))
  if (id !== null && !data) return null
  return <PlanForm key={id ?? 'new'} plan={data ?? null} />
}

type Loaded = Omit<PlanInput, 'id'> & { id: number; currency: string; subscriptions: number }

function PlanForm({ plan }: { plan: Loaded | null }) {
  const { LL } = useI18n()
  const t = LL.editors.plans
  const form = useSchemaForm<PlanInput>(planSchema, {
    ...validateOnSubmit,
    initialValues: plan
      ? { id: plan.id, sid: plan.sid, name: plan.name, period: plan.period, priceCents: plan.priceCents, trialDays: plan.trialDays, trialPriceCents: plan.trialPriceCents, features: plan.features, dailyDownloadLimit: plan.dailyDownloadLimit, visibility: plan.visibility, highlight: plan.highlight, sortOrder: plan.sortOrder }
      : { id: null, sid: '', name: Object.fromEntries(LOCALES.map((l) => [l, ''])) as PlanInput['name'], period: 'monthly', priceCents: 999, trialDays: null, trialPriceCents: null, features: [], dailyDownloadLimit: 0, visibility: 'public', highlight: false, sortOrder: 0 },
  })
  const save = useMutation(useTRPC().admin.plans.save.mutationOptions())
  const finish = useEditorSave('/admin/plans')
  const currency = plan?.currency ?? NEW_PLAN_CURRENCY
  const locked = (plan?.subscriptions ?? 0) > 0
  const title = plan ? t.editTitle({ name: plan.name.de || plan.name.en || plan.sid }) : t.newTitle()
  // Prices are edited in the currency's units and kept in cents, as the schema wants.
  const money = (path: 'priceCents' | 'trialPriceCents') => ({
    ...form.getInputProps(path),
    value: form.values[path] === null ? '' : form.values[path] / 100,
    onChange: (value: string | number) => form.setFieldValue(path, value === '' ? null : Math.round(Number(value) * 100)),
    decimalScale: 2, fixedDecimalScale: true, min: 0, disabled: locked,
  })
  const whole = (path: 'trialDays') => ({ ...form.getInputProps(path), value: form.values[path] ?? '', onChange: (value: string | number) => form.setFieldValue(path, value === '' ? null : Number(value)) })
  return (
    <Stack gap="md">
      <AdminTitle>{title}</AdminTitle>
      <form noValidate aria-label={title} onSubmit={form.onSubmit((values) => void finish(form, () => save.mutateAsync(values)), focusFirstError(form))}>
        <Stack gap="lg">
          <Paper withBorder p="md" radius="md" component="section" aria-labelledby="plan-terms">
            <Title order={2} size="h3" id="plan-terms" mb="sm">
              {t.terms()}
            </Title>
            {locked && (
              <Alert color="yellow" variant="light" mb="md">
                {t.locked({ count: plan!.subscriptions })}
              </Alert>
            )}
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
              <TextInput label={t.sid()} description={t.sidHint()} required disabled={plan !== null} maxLength={64} {...form.getInputProps('sid')} />
              <NativeSelect label={t.period()} disabled={locked} data={PLAN_PERIODS.map((p) => ({ value: p, label: t.periods[p]() }))} {...form.getInputProps('period')} />
              <NumberInput label={t.priceLabel({ currency })} required {...money('priceCents')} />
              <NumberInput label={t.trialDays()} description={t.trialHint()} min={1} max={90} allowDecimal={false} disabled={locked} {...whole('trialDays')} />
              <NumberInput label={t.trialPrice({ currency })} description={t.trialHint()} {...money('trialPriceCents')} />
              <NumberInput label={t.dailyDownloadLimit()} description={t.dailyDownloadLimitHint()} min={0} max={1000} allowDecimal={false} {...form.getInputProps('dailyDownloadLimit')} />
            </SimpleGrid>
          </Paper>
          <Paper withBorder p="md" radius="md" component="section" aria-labelledby="plan-presentation">
            <Title order={2} size="h3" id="plan-presentation" mb="sm">
              {t.presentation()}
            </Title>
            <Stack gap="md">
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
                <NativeSelect label={t.visibility()} data={(['public', 'unlisted'] as const).map((v) => ({ value: v, label: t.visibilities[v]() }))} {...form.getInputProps('visibility')} />
                <NumberInput label={LL.editors.common.order()} description={LL.editors.common.orderHint()} min={0} max={10000} allowDecimal={false} {...form.getInputProps('sortOrder')} />
              </SimpleGrid>
              <Checkbox label={t.highlight()} {...form.getInputProps('highlight', { type: 'checkbox' })} />
              <Checkbox.Group label={t.features()} error={form.errors.features} {...form.getInputProps('features')}>
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" mt="xs">
                  {PLAN_FEATURES.map((feature) => (
                    <Checkbox key={feature} value={feature} label={feature === 'downloads' ? t.downloadsFeature() : LL.plans.features[feature]()} />
                  ))}
                </SimpleGrid>
              </Checkbox.Group>
            </Stack>
          </Paper>
          <LocaleFields form={form} fields={[{ path: 'name', label: t.name(), maxLength: 120 }]} />
          <EditorActions saving={save.isPending} backTo="/admin/plans" />
        </Stack>
      </form>
    </Stack>
  )
}

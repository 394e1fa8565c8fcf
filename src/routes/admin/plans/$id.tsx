import { Alert, Checkbox, NativeSelect, NumberInput, Paper, SimpleGrid, Stack, TextInput, Title } from '@mantine/core'
import { createFileRoute } from '@tanstack/react-router'
import { PLAN_PERIODS } from '../../../../core/domain/billing/prices.js'
import { PLAN_FEATURES, planSchema } from '../../../../core/domain/schemas/catalog-admin.js'
import { editorRoute } from '../../../features/admin/editors/editor-id'
import { editorPage, OrderField } from '../../../features/admin/editors/EditorPage'
import { noText } from '../../../features/admin/editors/LocaleFields'
import type { EditorResource } from '../../../features/admin/editors/resource'
import { useI18n } from '../../../lib/locale'

/** The currency of a plan created here (the plan table's default). */
const NEW_PLAN_CURRENCY = 'EUR'

const plans: EditorResource<'plans'> = {
  area: 'plans',
  schema: planSchema,
  values: (plan) => {
    if (!plan)
      return {
        id: null,
        sid: '',
        name: noText(),
        period: 'monthly',
        priceCents: 999,
        trialDays: null,
        trialPriceCents: null,
        features: [],
        dailyDownloadLimit: 0,
        visibility: 'public',
        highlight: false,
        sortOrder: 0,
      }
    const { currency: _currency, subscriptions: _subscriptions, ...values } = plan
    return values
  },
  title: (LL, plan) => (plan ? LL.editors.plans.editTitle({ name: plan.name.de || plan.name.en || plan.sid }) : LL.editors.plans.newTitle()),
  texts: (LL) => ({ fields: [{ path: 'name', label: LL.editors.plans.name(), maxLength: 120 }] }),
  Fields: ({ form, row: plan }) => {
    const { LL } = useI18n()
    const t = LL.editors.plans
    const currency = plan?.currency ?? NEW_PLAN_CURRENCY
    const locked = (plan?.subscriptions ?? 0) > 0
    // Prices are edited in the currency's units and kept in cents, as the schema wants.
    const money = (path: 'priceCents' | 'trialPriceCents') => ({
      ...form.getInputProps(path),
      value: form.values[path] === null ? '' : form.values[path] / 100,
      onChange: (value: string | number) => form.setFieldValue(path, value === '' ? null : Math.round(Number(value) * 100)),
      decimalScale: 2,
      fixedDecimalScale: true,
      min: 0,
      disabled: locked,
    })
    const whole = (path: 'trialDays') => ({
      ...form.getInputProps(path),
      value: form.values[path] ?? '',
      onChange: (value: string | number) => form.setFieldValue(path, value === '' ? null : Number(value)),
    })
    return (
      <>
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
            <NativeSelect
              label={t.period()}
              disabled={locked}
              data={PLAN_PERIODS.map((p) => ({ value: p, label: t.periods[p]() }))}
              {...form.getInputProps('period')}
            />
            <NumberInput label={t.priceLabel({ currency })} required {...money('priceCents')} />
            <NumberInput label={t.trialDays()} description={t.trialHint()} min={1} max={90} allowDecimal={false} disabled={locked} {...whole('trialDays')} />
            <NumberInput label={t.trialPrice({ currency })} description={t.trialHint()} {...money('trialPriceCents')} />
            <NumberInput
              label={t.dailyDownloadLimit()}
              description={t.dailyDownloadLimitHint()}
              min={0}
              max={1000}
              allowDecimal={false}
              {...form.getInputProps('dailyDownloadLimit')}
            />
          </SimpleGrid>
        </Paper>
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="plan-presentation">
          <Title order={2} size="h3" id="plan-presentation" mb="sm">
            {t.presentation()}
          </Title>
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
              <NativeSelect
                label={t.visibility()}
                data={(['public', 'unlisted'] as const).map((v) => ({ value: v, label: t.visibilities[v]() }))}
                {...form.getInputProps('visibility')}
              />
              <OrderField {...form.getInputProps('sortOrder')} />
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
      </>
    )
  },
}

/** /admin/plans/{id|new}: terms, presentation and download limit of a plan. */
export const Route = createFileRoute('/admin/plans/$id')({ ...editorRoute, component: editorPage(plans) })

import { Accordion, Paper, Stack, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'
import { REPORT_PROCESSING_BUSINESS_DAYS, SUPPORT_HOURS } from '../../../server/domain/site.js'
import { AnchorLink, ButtonLink } from '../../components/links'
import { PageTitle } from '../../components/PageTitle'
import { useCurrentLocale, useI18n } from '../../lib/locale'

/** FAQ: membership, billing, downloads, support hours and account questions. */
export function FaqPage() {
  const { LL } = useI18n()
  const lang = useCurrentLocale()
  const items = LL.site.faq.items
  const range = LL.site.supportHours.range
  const entry = (key: keyof typeof items, a: string, link?: ReactNode) => ({ key, q: items[key].q(), a, link })
  const groups = [
    {
      id: 'membership',
      entries: [
        entry('included', items.included.a()),
        entry('plans', items.plans.a(), <AnchorLink to="/account/select-plan">{LL.meta.selectPlan()}</AnchorLink>),
        entry('cancel', items.cancel.a()),
      ],
    },
    { id: 'billing', entries: [entry('trial', items.trial.a()), entry('statement', items.statement.a())] },
    { id: 'downloads', entries: [entry('downloads', items.downloads.a()), entry('downloadLimit', items.downloadLimit.a())] },
    {
      id: 'support',
      entries: [
        entry(
          'hours',
          items.hours.a({ weekdays: range(SUPPORT_HOURS.weekdays), weekends: range(SUPPORT_HOURS.weekends) }),
          <AnchorLink to="/$lang/contact" params={{ lang }}>{LL.meta.contact()}</AnchorLink>,
        ),
        entry('password', items.password.a()),
        entry(
          'report',
          items.report.a({ days: REPORT_PROCESSING_BUSINESS_DAYS }),
          <AnchorLink to="/$lang/report" params={{ lang }}>{LL.meta.report()}</AnchorLink>,
        ),
      ],
    },
  ] as const

  return (
    <Stack gap="lg" maw={860}>
      <PageTitle>{LL.meta.faq()}</PageTitle>
      <Text>{LL.site.faq.intro()}</Text>
      {groups.map((group) => (
        <section key={group.id} aria-labelledby={`faq-${group.id}`}>
          <Title order={2} size="h3" id={`faq-${group.id}`} mb="xs">
            {LL.site.faq.groups[group.id]()}
          </Title>
          <Accordion variant="separated" multiple>
            {group.entries.map((item) => (
              <Accordion.Item key={item.key} value={item.key}>
                <Accordion.Control>{item.q}</Accordion.Control>
                <Accordion.Panel>
                  <Stack gap="xs">
                    <Text>{item.a}</Text>
                    {item.link && <Text size="sm">{item.link}</Text>}
                  </Stack>
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        </section>
      ))}
      <Paper withBorder p="lg" radius="md">
        <Stack gap="sm" align="flex-start">
          <Text fw={600}>{LL.site.faq.moreQuestions()}</Text>
          <ButtonLink to="/$lang/contact" params={{ lang }}>
            {LL.site.faq.contactLink()}
          </ButtonLink>
        </Stack>
      </Paper>
    </Stack>
  )
}

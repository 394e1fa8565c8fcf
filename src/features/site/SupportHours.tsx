import { Anchor, Paper, Stack, Table, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { SUPPORT_HOURS } from '../../../core/domain/site/site.js'
import { AnchorLink } from '../../components/anchor-links'
import { useCurrentLocale, useI18n } from '../../lib/locale'
import { useTRPC } from '../../lib/trpc'
import { settingsOptions } from './settings'

/** Support hours and contact details of spec section 9, beside the contact form. */
export function SupportHours() {
  const { LL } = useI18n()
  const lang = useCurrentLocale()
  const settings = useQuery(settingsOptions(useTRPC()))
  const t = LL.site.supportHours
  return (
    <Paper component="aside" aria-labelledby="support-hours" withBorder p="lg" radius="md">
      <Stack gap="sm">
        <Title order={2} size="h3" id="support-hours">
          {t.title()}
        </Title>
        <Table variant="vertical" withRowBorders={false} verticalSpacing={4}>
          <Table.Tbody>
            <Table.Tr>
              <Table.Th>{t.weekdays()}</Table.Th>
              <Table.Td>{t.range(SUPPORT_HOURS.weekdays)}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t.weekends()}</Table.Th>
              <Table.Td>{t.range(SUPPORT_HOURS.weekends)}</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
        <Text size="sm" c="dimmed">
          {t.timeZone()}
        </Text>
        <Text>{t.emailSupport()}</Text>
        {settings.data && (
          <Text>
            {t.emailLabel()}: <Anchor href={`mailto:${settings.data.supportEmail}`}>{settings.data.supportEmail}</Anchor>
          </Text>
        )}
        <Text size="sm">
          <AnchorLink to="/$lang/faq" params={{ lang }}>
            {t.faqHint()}
          </AnchorLink>
        </Text>
        {settings.data && (
          <Text size="sm">
            <Anchor href={settings.data.billingSupportUrl} target="_blank" rel="noopener noreferrer">
              {t.billingHint()}
              <span className="visually-hidden"> {LL.layout.footer.externalHint()}</span>
            </Anchor>
          </Text>
        )}
      </Stack>
    </Paper>
  )
}

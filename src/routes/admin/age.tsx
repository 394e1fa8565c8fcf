import { Box, Code, Stack, Table, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { useId, type ReactNode } from 'react'
import type { AgeOutcome } from '../../../core/domain/age/access.js'
import { AdminTitle } from '../../features/admin/AdminTitle'
import { formatNumber } from '../../lib/format'
import { useI18n } from '../../lib/locale'
import { useTRPC } from '../../lib/trpc'

const DAYS = 30

/** /admin/age: page views per age-assurance outcome and rule, and age checks per method (core/services/age/stats.ts). */
export const Route = createFileRoute('/admin/age')({
  ssr: false,
  component: AgeStatsPage,
})

function AgeStatsPage() {
  const { LL, locale } = useI18n()
  const trpc = useTRPC()
  const { data } = useQuery(trpc.admin.age.stats.queryOptions({ days: DAYS }, { staleTime: 0 }))
  const t = LL.age.console
  const count = (value: number) => formatNumber(value, locale)
  // 0.256 → "25.6%" (en), "25,6 %" (de); only the console needs it, so not in the shared formatters (every page's script).
  const percent = (value: number) => new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(value)
  return (
    <Stack gap="lg">
      <AdminTitle>{t.title()}</AdminTitle>
      <Text c="dimmed">{t.intro({ days: DAYS })}</Text>
      {data && (
        <Text size="sm" c="dimmed">
          {t.policy({ version: data.policy.version, source: data.policy.source })}
        </Text>
      )}
      {data && data.views === 0 && data.byMethod.length === 0 && <Text>{t.empty()}</Text>}
      {data && data.verifiedShare !== null && (
        <Stack gap={0}>
          <Text fw={600}>{t.verifiedShare()}</Text>
          <Text fz={32} fw={700}>
            {percent(data.verifiedShare)}
          </Text>
        </Stack>
      )}
      {data && data.byOutcome.length > 0 && (
        <StatsTable
          title={t.byOutcome()}
          head={[t.outcome(), t.views(), t.share()]}
          rows={data.byOutcome.map((row) => [
            <Stack key="outcome" gap={2} align="flex-start">
              <Code>{row.key}</Code>
              <Text size="sm">{LL.age.statement.outcomes[row.key as AgeOutcome]?.() ?? ''}</Text>
            </Stack>,
            count(row.views),
            percent(row.share),
          ])}
        />
      )}
      {data && data.byRule.length > 0 && (
        <StatsTable
          title={t.byRule()}
          head={[t.rule(), t.views(), t.share()]}
          rows={data.byRule.map((row) => [<Code key="rule">{row.key}</Code>, count(row.views), percent(row.share)])}
        />
      )}
      {data && data.byMethod.length > 0 && (
        <StatsTable
          title={t.byMethod()}
          head={[t.method(), t.started(), t.share(), t.accepted(), t.refused()]}
          rows={data.byMethod.map((row) => [
            <Stack key="method" gap={2} align="flex-start">
              <Text size="sm">{data.methodNames[row.method] ?? row.method}</Text>
              <Code>{row.method}</Code>
            </Stack>,
            count(row.started),
            percent(row.share),
            count(row.accepted),
            count(row.refused),
          ])}
        />
      )}
    </Stack>
  )
}

/** A titled table; its heading names the table and its scroll box for assistive technology. */
function StatsTable({ title, head, rows }: { title: string; head: string[]; rows: ReactNode[][] }) {
  const id = useId()
  return (
    <div>
      <Title order={2} size="h3" id={id} mb="xs">
        {title}
      </Title>
      {/* A phone scrolls a wide table inside this box, which the keyboard can reach and scroll too. */}
      <Box role="region" aria-labelledby={id} tabIndex={0} style={{ overflowX: 'auto' }}>
        <Table striped verticalSpacing="sm" aria-labelledby={id} miw={head.length > 3 ? 440 : 320}>
          <Table.Thead>
            <Table.Tr>
              {head.map((label, index) => (
                <Table.Th key={label} scope="col" ta={index === 0 ? 'left' : 'right'}>
                  {label}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((cells, row) => (
              <Table.Tr key={row}>
                {cells.map((cell, index) =>
                  index === 0 ? (
                    <Table.Th key={index} scope="row" fw={400}>
                      {cell}
                    </Table.Th>
                  ) : (
                    <Table.Td key={index} ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                      {cell}
                    </Table.Td>
                  ),
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Box>
    </div>
  )
}

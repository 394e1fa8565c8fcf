import { Badge, Group } from '@mantine/core'
import type { ReportState } from '../../../../core/domain/site/reports.js'
import { useI18n } from '../../../lib/locale'

const STATE_COLORS: Record<ReportState, string> = { new: 'blue', inReview: 'yellow', removed: 'green', rejected: 'gray' }

/** A report's state, and whether it is overdue or urgent (minors, trafficking). */
export function ReportBadges({ report }: { report: { state: ReportState; overdue: boolean; urgent: boolean } }) {
  const { LL } = useI18n()
  const t = LL.inbox.reports
  return (
    <Group gap={6} wrap="wrap">
      <Badge variant="light" color={STATE_COLORS[report.state]}>
        {t.states[report.state]()}
      </Badge>
      {report.overdue && (
        <Badge variant="filled" color="red.9">
          {t.overdue()}
        </Badge>
      )}
      {report.urgent && (
        <Badge variant="outline" color="orange">
          {t.urgent()}
        </Badge>
      )}
    </Group>
  )
}

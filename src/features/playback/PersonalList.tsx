import { Stack } from '@mantine/core'
import type { ReactNode } from 'react'
import type { ListKind } from '../../../core/domain/catalog/list.js'
import { PageTitle } from '../../components/PageTitle'
import { ContentList } from '../catalog/ContentList'
import type { ListSearch } from '../catalog/list-route'
import { RouteTabs } from '../catalog/RouteTabs'

/** The favorites and watch-later pages: a title, tabs per kind, the signed-in user's list. */
export function PersonalList({
  title,
  tabsLabel,
  tabs,
  kind,
  search,
  filter,
  empty,
}: {
  title: string
  tabsLabel: string
  tabs: ReactNode
  kind: ListKind
  search: ListSearch
  filter: 'favorite' | 'watch_later'
  empty: string
}) {
  return (
    <Stack gap="md">
      <PageTitle>{title}</PageTitle>
      <RouteTabs label={tabsLabel}>{tabs}</RouteTabs>
      <ContentList kind={kind} search={search} filters={{ [filter]: true }} empty={empty} />
    </Stack>
  )
}

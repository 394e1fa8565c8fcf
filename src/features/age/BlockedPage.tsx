import { Group, Stack, Text } from '@mantine/core'
import { AnchorLink } from '../../components/anchor-links'
import { PageTitle } from '../../components/PageTitle'
import { useI18n } from '../../lib/locale'

/** The page a visitor of a `block` place gets at every address but the legal pages (status 451). */
export function BlockedPage() {
  const { LL, locale } = useI18n()
  const params = { lang: locale }
  return (
    <Stack gap="md" maw={760}>
      <PageTitle>{LL.age.blocked.title()}</PageTitle>
      <Text>{LL.age.blocked.text()}</Text>
      <Group gap="md" component="nav" aria-label={LL.layout.footer.label()}>
        <AnchorLink to="/$lang/age-assurance" params={params}>
          {LL.age.statement.title()}
        </AnchorLink>
        <AnchorLink to="/$lang/imprint" params={params}>
          {LL.layout.footer.legalNotice()}
        </AnchorLink>
        <AnchorLink to="/$lang/tos" params={params}>
          {LL.layout.footer.terms()}
        </AnchorLink>
        <AnchorLink to="/$lang/privacy" params={params}>
          {LL.layout.footer.privacy()}
        </AnchorLink>
        <AnchorLink to="/$lang/contact" params={params}>
          {LL.layout.footer.contact()}
        </AnchorLink>
      </Group>
    </Stack>
  )
}

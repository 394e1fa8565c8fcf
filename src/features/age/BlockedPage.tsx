import { Group, Stack, Text } from '@mantine/core'
import { AnchorLink } from '../../components/anchor-links'
import { PageTitle } from '../../components/PageTitle'
import { useI18n } from '../../lib/locale'

/** The page a visitor of a `block` place gets at every address but the legal pages (status 451). */
export function BlockedPage() {
  const { LL, locale } = useI18n()
  const params = { lang: locale }
  const links = [
    { to: '/$lang/age-assurance', label: LL.age.statement.title() },
    { to: '/$lang/imprint', label: LL.layout.footer.legalNotice() },
    { to: '/$lang/tos', label: LL.layout.footer.terms() },
    { to: '/$lang/privacy', label: LL.layout.footer.privacy() },
    { to: '/$lang/contact', label: LL.layout.footer.contact() },
  ] as const
  return (
    <Stack gap="md" maw={760}>
      <PageTitle>{LL.age.blocked.title()}</PageTitle>
      <Text>{LL.age.blocked.text()}</Text>
      <Group gap="md" component="nav" aria-label={LL.layout.footer.label()}>
        {links.map((link) => (
          <AnchorLink key={link.to} to={link.to} params={params}>
            {link.label}
          </AnchorLink>
        ))}
      </Group>
    </Stack>
  )
}

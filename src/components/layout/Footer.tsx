import { Anchor, Box, Group, Stack } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useCurrentLocale, useI18n } from '../../lib/locale'
import { useTRPC } from '../../lib/trpc'
import { AnchorLink } from '../links'
import { Copyright } from './Copyright'

export function Footer() {
  const trpc = useTRPC()
  const { LL } = useI18n()
  const lang = useCurrentLocale()
  const internal = [
    { to: '/$lang/imprint', label: LL.layout.footer.legalNotice() },
    { to: '/$lang/tos', label: LL.layout.footer.terms() },
    { to: '/$lang/privacy', label: LL.layout.footer.privacy() },
    { to: '/$lang/2257', label: LL.layout.footer.recordKeeping() },
    { to: '/$lang/report', label: LL.layout.footer.report() },
    { to: '/$lang/contact', label: LL.layout.footer.contact() },
    { to: '/$lang/faq', label: LL.layout.footer.faq() },
    { to: '/$lang/age-assurance', label: LL.layout.footer.ageAssurance() },
  ] as const
  const settings = useQuery(trpc.site.settings.queryOptions(undefined, { staleTime: Infinity }))
  const external = settings.data
    ? [
        { href: settings.data.billingSupportUrl, label: LL.layout.footer.billingSupport() },
        { href: settings.data.webmasterUrl, label: LL.layout.footer.webmasters() },
      ]
    : []

  return (
    <Box component="footer" p="md" mt="xl" style={{ borderTop: '1px solid var(--mantine-color-dark-4)' }}>
      <Stack gap="xs" align="center">
        <Group component="nav" aria-label={LL.layout.footer.label()} gap="md" justify="center">
          {internal.map((link) => (
            <AnchorLink key={link.to} to={link.to} params={{ lang }} size="sm" c="dimmed">
              {link.label}
            </AnchorLink>
          ))}
          {external.map((link) => (
            <Anchor key={link.href} href={link.href} target="_blank" rel="noopener noreferrer" size="sm" c="dimmed">
              {link.label}
              <span className="visually-hidden"> {LL.layout.footer.externalHint()}</span>
            </Anchor>
          ))}
        </Group>
        <Copyright />
        {/* The visitor's place comes from DB-IP Lite, whose licence (CC BY 4.0) asks for this link. */}
        <Anchor href="https://db-ip.com" size="xs" c="dimmed" rel="noopener">
          IP Geolocation by DB-IP
        </Anchor>
      </Stack>
    </Box>
  )
}

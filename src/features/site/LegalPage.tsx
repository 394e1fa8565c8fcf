import { Alert, Stack, Text, Typography } from '@mantine/core'
import { useSuspenseQuery } from '@tanstack/react-query'
import type { LegalSlug } from '../../../core/domain/site/site.js'
import { RichTextRouterLink } from '../../components/anchor-links'
import { PageTitle } from '../../components/PageTitle'
import { RichText } from '../../components/RichText'
import { useI18n } from '../../lib/locale'
import { useTRPC } from '../../lib/trpc'
import { legalPageOptions } from './legal-page-query'

/** A legal page: its rich text by slug, in the page's language with the de-then-en fallback. */
export function LegalPage({ slug }: { slug: LegalSlug }) {
  const { LL, locale } = useI18n()
  const { data: page } = useSuspenseQuery(legalPageOptions(useTRPC(), slug, locale))
  const updated = new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(new Date(page.updatedAt))
  return (
    <Stack gap="md" maw={860}>
      <PageTitle>{page.title}</PageTitle>
      {page.locale !== locale && (
        <Alert color="yellow" variant="light">
          {LL.site.legal.fallbackNotice({ language: LL.layout.language[page.locale]() })}
        </Alert>
      )}
      <Text size="sm" c="dimmed">
        {LL.site.legal.updated({ date: updated })}
      </Text>
      <Typography>
        <div lang={page.locale}>
          <RichText document={page.content} lang={locale} InternalLink={RichTextRouterLink} />
        </div>
      </Typography>
    </Stack>
  )
}

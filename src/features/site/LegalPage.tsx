import { Alert, Stack, Text, Typography } from '@mantine/core'
import { useSuspenseQuery } from '@tanstack/react-query'
import { notFound } from '@tanstack/react-router'
import { TRPCClientError } from '@trpc/client'
import type { Locale } from '../../../server/domain/locale.js'
import type { LegalSlug } from '../../../server/domain/site.js'
import { AnchorLink } from '../../components/links'
import { PageTitle } from '../../components/PageTitle'
import { RichText, type InternalLinkProps } from '../../components/RichText'
import { useI18n } from '../../lib/locale'
import { useTRPC, type Trpc } from '../../lib/trpc'
import type { RouterContext } from '../../router'

const legalPageOptions = (trpc: Trpc, slug: LegalSlug, locale: Locale) => trpc.site.legalPage.queryOptions({ slug, locale })

/** Route loader of a legal page; a page missing in every language is the not-found page. */
export async function loadLegalPage(context: RouterContext, slug: LegalSlug, locale: Locale) {
  try {
    await context.queryClient.ensureQueryData(legalPageOptions(context.trpc, slug, locale))
  } catch (error) {
    if (error instanceof TRPCClientError && error.data?.code === 'NOT_FOUND') throw notFound()
    throw error
  }
}

/** Internal rich-text links navigate inside the app. */
function RouterLink({ href, children }: InternalLinkProps) {
  return <AnchorLink to={href}>{children}</AnchorLink>
}

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
          <RichText document={page.content} lang={locale} InternalLink={RouterLink} />
        </div>
      </Typography>
    </Stack>
  )
}

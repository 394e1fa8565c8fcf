import { Accordion, Paper, Stack, Text, Title, Typography } from '@mantine/core'
import { useSuspenseQuery } from '@tanstack/react-query'
import { ButtonLink } from '../../components/links'
import { RichTextRouterLink } from '../../components/anchor-links'
import { PageTitle } from '../../components/PageTitle'
import { RichText } from '../../components/RichText'
import { useCurrentLocale, useI18n } from '../../lib/locale'
import { useTRPC } from '../../lib/trpc'
import { faqOptions } from './faq-query'

/** FAQ: the questions of the console's FAQ editor, in their groups, answers as rich text. */
export function FaqPage() {
  const { LL } = useI18n()
  const lang = useCurrentLocale()
  const { data: groups } = useSuspenseQuery(faqOptions(useTRPC(), lang))

  return (
    <Stack gap="lg" maw={860}>
      <PageTitle>{LL.meta.faq()}</PageTitle>
      <Text>{LL.site.faq.intro()}</Text>
      {groups.map((group) => (
        <section key={group.group} aria-labelledby={`faq-${group.group}`}>
          <Title order={2} size="h3" id={`faq-${group.group}`} mb="xs">
            {LL.site.faq.groups[group.group]()}
          </Title>
          <Accordion variant="separated" multiple>
            {group.entries.map((item) => (
              <Accordion.Item key={item.id} value={String(item.id)}>
                <Accordion.Control>{item.question}</Accordion.Control>
                <Accordion.Panel>
                  <Typography>
                    <RichText document={item.answer} lang={lang} InternalLink={RichTextRouterLink} />
                  </Typography>
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

import { Anchor, List, Stack, Table, Text, Title } from '@mantine/core'
import { useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { ButtonLink } from '../../components/links'
import { AnchorLink } from '../../components/anchor-links'
import { PageTitle } from '../../components/PageTitle'
import { useHydrating } from '../../lib/hydration'
import { useI18n } from '../../lib/locale'
import { useTRPC } from '../../lib/trpc'
import { kindLabel, lastsLabel, placeLabel, ruleLabel, scopeSentences, type PublicAgeRule } from './labels'
import { ColumnHeads } from '../../components/ColumnHeads'

/** DB-IP Lite's licence (CC BY 4.0) asks for this link on pages that use its data. */
function DbIpAttribution() {
  const { LL } = useI18n()
  return (
    <Text size="sm" c="dimmed">
      {LL.age.statement.ipAttribution()}{' '}
      <Anchor href="https://db-ip.com" rel="noopener">
        IP Geolocation by DB-IP
      </Anchor>
    </Text>
  )
}

const SOURCE_KEYS = { header: 'header', 'ip-database': 'ipDatabase', local: 'local', unknown: 'unknown' } as const

/** The visitor's own place and rule: asked by the browser (the page itself is the same for everyone under a rule). */
function WhereYouAre({ rules }: { rules: PublicAgeRule[] }) {
  const trpc = useTRPC()
  const { LL, locale } = useI18n()
  const hydrating = useHydrating()
  const status = useQuery({ ...trpc.age.status.queryOptions(), staleTime: 0, enabled: !hydrating }).data
  const rule = status && rules.find((candidate) => candidate.id === status.rule)
  return (
    <Stack gap="xs" component="section" aria-labelledby="age-here">
      <Title order={2} id="age-here" fz="h3">
        {LL.age.statement.hereTitle()}
      </Title>
      {status && rule ? (
        <Text>
          {LL.age.statement.here({
            place: placeLabel(status.jurisdiction, locale, LL),
            source: LL.age.statement.sources[SOURCE_KEYS[status.jurisdiction.source]](),
            rule: ruleLabel(rule, locale, LL),
          })}{' '}
          <AnchorLink to="/$lang/age-assurance/$rule" params={{ lang: locale, rule: rule.id }}>
            {LL.age.statement.details()}
          </AnchorLink>
        </Text>
      ) : (
        <Text c="dimmed" aria-busy="true">
          …
        </Text>
      )}
    </Stack>
  )
}

function methodsLabel(rule: PublicAgeRule, LL: ReturnType<typeof useI18n>['LL']): string {
  if (rule.outcome === 'open' || rule.outcome === 'block') return LL.age.statement.noMethods()
  return [...new Set(rule.methods.map((method) => kindLabel(method.kind, LL)))].join('; ') || LL.age.verify.noMethods()
}

/** /{lang}/age-assurance: what applies where, and why (Ofcom asks providers to publish it). */
export function StatementIndexPage() {
  const trpc = useTRPC()
  const { LL, locale } = useI18n()
  const { rules, unknown, local } = useSuspenseQuery(trpc.age.rules.queryOptions()).data
  const all = local ? [...rules, local] : rules
  const unknownRule = rules.find((rule) => rule.id === unknown)!
  const t = LL.age.statement
  return (
    <Stack gap="lg" maw={1100}>
      <PageTitle>{t.title()}</PageTitle>
      <Text>{t.intro()}</Text>
      <WhereYouAre rules={all} />
      <Stack gap="xs" component="section" aria-labelledby="age-all">
        <Title order={2} id="age-all" fz="h3">
          {t.allTitle()}
        </Title>
        <Table.ScrollContainer minWidth={760}>
          <Table striped verticalSpacing="sm">
            <ColumnHeads names={[t.where(), t.before(), t.methods(), t.lasts(), t.law()]} />
            <Table.Tbody>
              {all.map((rule) => (
                <Table.Tr key={rule.id}>
                  <Table.Th scope="row" fw={500}>
                    <AnchorLink to="/$lang/age-assurance/$rule" params={{ lang: locale, rule: rule.id }}>
                      {ruleLabel(rule, locale, LL)}
                    </AnchorLink>
                  </Table.Th>
                  <Table.Td>{t.outcomes[rule.outcome]()}</Table.Td>
                  <Table.Td>{methodsLabel(rule, LL)}</Table.Td>
                  <Table.Td>{rule.outcome === 'blur' || rule.outcome === 'front' ? lastsLabel(rule.proof, LL) : '–'}</Table.Td>
                  <Table.Td>{rule.law?.name ?? '–'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Text size="sm">{t.unknownRule({ rule: ruleLabel(unknownRule, locale, LL) })}</Text>
      </Stack>
      <DbIpAttribution />
    </Stack>
  )
}

/** /{lang}/age-assurance/{rule}: one place's statement. */
export function StatementRulePage({ rule }: { rule: PublicAgeRule }) {
  const { LL, locale } = useI18n()
  const t = LL.age.statement
  const place = ruleLabel(rule, locale, LL)
  const asking = rule.outcome === 'blur' || rule.outcome === 'front'
  return (
    <Stack gap="lg" maw={760}>
      <PageTitle>{t.ruleTitle({ place })}</PageTitle>
      <Section id="age-see" title={t.whatYouSee()}>
        <Text>{t.outcomes[rule.outcome]()}.</Text>
      </Section>
      {asking && (
        <Section id="age-how" title={t.howToVerify()}>
          {rule.methods.length ? (
            <List>
              {rule.methods.map((method) => (
                <List.Item key={method.id}>
                  {kindLabel(method.kind, LL)} ({method.provider})
                </List.Item>
              ))}
            </List>
          ) : (
            <Text>{LL.age.verify.noMethods()}</Text>
          )}
          {rule.doubleAnonymity && <Text>{t.doubleAnonymity()}</Text>}
        </Section>
      )}
      {asking && (
        <Section id="age-keep" title={t.whatWeKeep()}>
          <Text>{LL.age.verify.keeps()}</Text>
          {scopeSentences(rule.proof, LL).map((sentence) => (
            <Text key={sentence}>{sentence}</Text>
          ))}
        </Section>
      )}
      <Section id="age-why" title={t.why()}>
        {rule.law ? (
          <Text>
            {rule.law.url ? (
              <Anchor href={rule.law.url} rel="noopener">
                {rule.law.name}
              </Anchor>
            ) : (
              rule.law.name
            )}
          </Text>
        ) : (
          <Text>{t.noLaw()}</Text>
        )}
      </Section>
      <Stack gap="sm" align="flex-start">
        {asking && (
          <ButtonLink to="/$lang/verify-age" params={{ lang: locale }}>
            {t.verifyNow()}
          </ButtonLink>
        )}
        <AnchorLink to="/$lang/age-assurance" params={{ lang: locale }}>
          {t.back()}
        </AnchorLink>
      </Stack>
      <DbIpAttribution />
    </Stack>
  )
}

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <Stack gap="xs" component="section" aria-labelledby={id}>
      <Title order={2} id={id} fz="h3">
        {title}
      </Title>
      {children}
    </Stack>
  )
}

import { Badge, Grid, Group, Stack, Text, Title } from '@mantine/core'
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, redirect } from '@tanstack/react-router'
import * as v from 'valibot'
import { DETAIL_BLOCKS } from '../../../../core/domain/catalog/catalog-blocks.js'
import type { SortName } from '../../../../core/domain/catalog/list.js'
import { isLocale } from '../../../../core/domain/locale.js'
import { ButtonLink } from '../../../components/links'
import { CardPicture } from '../../../features/catalog/cards/CardPicture'
import { ContentList } from '../../../features/catalog/ContentList'
import { ensureList } from '../../../features/catalog/list-route'
import { loadDetail, parseId } from '../../../features/catalog/detail'
import { ItemActionsSlot } from '../../../features/catalog/detail-slots'
import { Facts } from '../../../features/catalog/Facts'
import { PersonIcon } from '../../../features/catalog/icons'
import { listSearchDefaults, listSearchSchema } from '../../../features/catalog/list-search'
import { blockInput } from '../../../features/catalog/queries'
import { RelatedBlock } from '../../../features/catalog/RelatedBlock'
import { RouteTabs, tabProps } from '../../../features/catalog/RouteTabs'
import { Section } from '../../../features/catalog/Section'
import { useI18n } from '../../../lib/locale'
import { useTRPC } from '../../../lib/trpc'
import { deferHydration } from '../../../lib/deferred'
import { detailRouteHead, modelSeo } from '../../../features/catalog/structured-data'
import type { ModelDetail } from '../../../lib/api-types.js'

const searchSchema = v.object({
  ...listSearchSchema('videos').entries,
  /** Anything but videos or images redirects to videos (spec section 2). */
  type: v.fallback(v.optional(v.picklist(['videos', 'images'])), undefined),
})

export const Route = createFileRoute('/$lang/models/$id')({
  validateSearch: searchSchema,
  search: { middlewares: listSearchDefaults('videos') },
  beforeLoad: ({ search, params }) => {
    if (!search.type) throw redirect({ to: '/$lang/models/$id', params, search: { type: 'videos' }, replace: true })
  },
  loaderDeps: ({ search }) => search,
  loader: async ({ context, params, deps }) => {
    const model = await loadDetail<ModelDetail>(context.queryClient, params, (locale, id) => context.trpc.catalog.model.queryOptions({ locale, id }))
    if (isLocale(params.lang)) {
      await ensureList(context, deps.type === 'images' ? 'imageSets' : 'videos', params.lang, deps, { models: [model.id] })
    }
    return modelSeo(model)
  },
  head: detailRouteHead,
  component: ModelPage,
})

function ModelPage() {
  const trpc = useTRPC()
  const { LL, locale } = useI18n()
  const params = Route.useParams()
  const search = Route.useSearch()
  const id = parseId(params.id)!
  const { data: model } = useSuspenseQuery(trpc.catalog.model.queryOptions({ locale, id }))
  const type = search.type ?? 'videos'
  return (
    <Stack gap="xl">
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, sm: 5, lg: 4 }}>
          <CardPicture
            picture={model.preview}
            ratio={3 / 4}
            seed={model.id + 3}
            eager
            sizes="(min-width: 75em) 33vw, (min-width: 48em) 40vw, 100vw"
            placeholderIcon={<PersonIcon size={72} />}
            placeholderText={LL.catalog.card.pictureComing()}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 7, lg: 8 }}>
          <Stack gap="md">
            <Stack gap={2}>
              <Title order={1}>{model.name}</Title>
              {model.age !== null && <Text c="dimmed">{LL.catalog.model.yearsValue({ age: model.age })}</Text>}
            </Stack>
            {model.description && <Text>{model.description}</Text>}
            <ItemActionsSlot item={model} />
            <ModelProfile model={model} />
          </Stack>
        </Grid.Col>
      </Grid>

      <Stack gap="md">
        <Title order={2} fz="h3">
          {LL.catalog.model.contentOf({ name: model.name })}
        </Title>
        <RouteTabs label={LL.catalog.tabs.label()}>
          <ButtonLink to="/$lang/models/$id" params={params} search={{ type: 'videos' }} {...tabProps(type === 'videos')}>
            {LL.catalog.tabs.videos()} ({model.videosCount})
          </ButtonLink>
          <ButtonLink to="/$lang/models/$id" params={params} search={{ type: 'images' }} {...tabProps(type === 'images')}>
            {LL.catalog.tabs.images()} ({model.imageSetsCount})
          </ButtonLink>
        </RouteTabs>
        <ContentList
          kind={type === 'images' ? 'imageSets' : 'videos'}
          search={{ sort: search.sort as SortName, page: search.page }}
          filters={{ models: [model.id] }}
          headingOrder={3}
        />
      </Stack>

      <RelatedBlock
        id="more-models"
        title={LL.catalog.model.moreModels()}
        kind="models"
        columns="four"
        input={blockInput('models', locale, DETAIL_BLOCKS.moreModels, { not: [model.id], random_persist: model.id })}
      />
    </Stack>
  )
}

/** A stored key's label, or the key itself if the dictionary does not know it. */
function translated(dictionary: Record<string, () => string>, key: string): string {
  return dictionary[key]?.() ?? key
}

/**
 * The model's facts and preferences: nothing in them acts on a tap, so they keep the server's
 * HTML until the visitor starts using the page (src/lib/deferred.tsx).
 */
const ModelProfile = deferHydration(function ModelProfile({ model }: { model: ModelDetail }) {
  const { LL } = useI18n()
  const facts = model.facts
  return (
    <>
      <Section id="about-me" title={LL.catalog.model.aboutMe()}>
        <Facts
          items={[
            model.age !== null && { label: LL.catalog.model.age(), value: LL.catalog.model.yearsValue({ age: model.age }) },
            facts.cupSize && { label: LL.modelFacts.labels.cupSize(), value: facts.cupSize },
            facts.genitalArea && { label: LL.modelFacts.labels.genitalArea(), value: translated(LL.modelFacts.genitalArea, facts.genitalArea) },
            facts.heightCm && { label: LL.modelFacts.labels.height(), value: LL.catalog.model.heightValue({ cm: facts.heightCm }) },
            facts.weightKg && { label: LL.modelFacts.labels.weight(), value: LL.catalog.model.weightValue({ kg: facts.weightKg }) },
            facts.nationality && { label: LL.modelFacts.labels.nationality(), value: translated(LL.modelFacts.nationality, facts.nationality) },
            facts.zodiac && { label: LL.modelFacts.labels.zodiac(), value: translated(LL.modelFacts.zodiac, facts.zodiac) },
          ]}
        />
        {model.bio && model.bio !== model.description && <Text mt="sm">{model.bio}</Text>}
      </Section>
      <Section id="preferences" title={LL.catalog.model.preferences()}>
        {model.preferences.length ? (
          <Group gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {model.preferences.map((key) => (
              <li key={key}>
                <Badge variant="light" color="pink" size="lg" tt="none">
                  {translated(LL.modelFacts.preference, key)}
                </Badge>
              </li>
            ))}
          </Group>
        ) : (
          <Text c="dimmed">{LL.catalog.model.noPreferences()}</Text>
        )}
      </Section>
    </>
  )
})

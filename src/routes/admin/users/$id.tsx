import { Badge, Button, Group, NativeSelect, Stack, Text } from '@mantine/core'
import { useMutation, useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { ROLES, type Role } from '../../../../core/domain/billing/membership.js'
import { formatCents } from '../../../../core/domain/billing/prices.js'
import { userRoleSchema } from '../../../../core/domain/schemas/console-inbox.js'
import { AnchorLink } from '../../../components/anchor-links'
import { AdminTitle } from '../../../features/admin/AdminTitle'
import { Block } from '../../../features/admin/Block'
import { useConfirmedAction, useStayingSave } from '../../../features/admin/inbox/confirmed-action'
import { EditorList } from '../../../features/admin/editors/EditorList'
import { Facts } from '../../../features/admin/inbox/Facts'
import { idParams } from '../../../features/admin/inbox/params'
import type { AdminUser } from '../../../lib/api-types'
import { formatDate, formatDateTime } from '../../../lib/format'
import { focusFirstError, useSchemaForm, validateOnSubmit } from '../../../lib/forms'
import { useI18n } from '../../../lib/locale'
import { useTRPC, type Trpc } from '../../../lib/trpc'

const userOptions = (trpc: Trpc, id: number) => trpc.admin.users.user.queryOptions({ id }, { staleTime: 0 })

/** /admin/users/{id}: a user's account, role, sessions, subscriptions and billing events. */
export const Route = createFileRoute('/admin/users/$id')({
  ssr: false,
  params: idParams,
  loader: ({ context, params }) => context.queryClient.ensureQueryData(userOptions(context.trpc, params.id)),
  component: UserPage,
})

function UserPage() {
  const { id } = Route.useParams()
  const { data } = useSuspenseQuery(userOptions(useTRPC(), id))
  const { LL, locale } = useI18n()
  const t = LL.inbox.user
  const u = LL.inbox.users
  return (
    <Stack gap="md">
      <AnchorLink to="/admin/users">{t.back()}</AnchorLink>
      <AdminTitle>{data.email}</AdminTitle>
      <Block id="user-account" title={t.account()}>
        <Facts
          items={[
            { label: u.role(), value: u.roles[data.role]() },
            { label: t.member(), value: data.member ? t.memberYes() : t.memberNo() },
            { label: u.verified(), value: data.emailVerifiedAt ? formatDateTime(data.emailVerifiedAt, locale) : LL.inbox.common.no() },
            { label: u.created(), value: formatDateTime(data.createdAt, locale) },
            { label: t.language(), value: data.locale ? data.locale.toUpperCase() : LL.inbox.common.none() },
          ]}
        />
      </Block>
      <Block id="user-role" title={t.role()}>
        <RoleForm key={data.role} user={data} />
      </Block>
      <Block id="user-sessions" title={t.sessions()}>
        <Sessions user={data} />
      </Block>
      <Block id="user-subscriptions" title={t.subscriptions()}>
        {data.subscriptions.length === 0 ? (
          <Text>{t.noSubscriptions()}</Text>
        ) : (
          <EditorList
            label={t.subscriptionsLabel()}
            rows={data.subscriptions}
            columns={[
              {
                header: t.plan(),
                cell: (s) => (
                  <Group gap="xs" component="span">
                    <span>{s.plan}</span>
                    {s.id === data.currentSubscriptionId && (
                      <Badge variant="light" color="green">
                        {t.current()}
                      </Badge>
                    )}
                  </Group>
                ),
              },
              { header: t.status(), cell: (s) => `${t.statuses[s.status]()}${s.endReason ? ` (${s.endReason})` : ''}` },
              { header: t.started(), cell: (s) => formatDate(s.startedAt, locale) },
              { header: t.paidUntil(), cell: (s) => formatDate(s.paidUntil, locale) },
              { header: t.trialEnds(), cell: (s) => (s.trialEndsAt ? formatDate(s.trialEndsAt, locale) : '–') },
              {
                header: t.pending(),
                cell: (s) =>
                  s.pendingChange
                    ? `${s.pendingChange}${s.pendingPlan ? `: ${s.pendingPlan}` : ''}${s.pendingFrom ? ` · ${formatDate(s.pendingFrom, locale)}` : ''}`
                    : '–',
              },
            ]}
          />
        )}
      </Block>
      <Block id="user-events" title={t.events()}>
        {data.billingEvents.items.length === 0 ? (
          <Text>{t.noEvents()}</Text>
        ) : (
          <Stack gap="sm">
            {data.billingEvents.total > data.billingEvents.items.length && (
              <Text size="sm" c="dimmed">
                {t.eventsShown({ shown: data.billingEvents.items.length, total: data.billingEvents.total })}
              </Text>
            )}
            <EditorList
              label={t.eventsLabel()}
              rows={data.billingEvents.items}
              columns={[
                { header: t.eventType(), cell: (e) => e.type },
                { header: LL.inbox.common.received(), cell: (e) => formatDateTime(e.receivedAt, locale) },
                { header: t.provider(), cell: (e) => e.provider },
                { header: t.amount(), cell: (e) => (e.amountCents !== null && e.currency ? formatCents(e.amountCents, e.currency, locale) : '–') },
                { header: t.eventError(), cell: (e) => e.error ?? '–' },
              ]}
            />
          </Stack>
        )}
      </Block>
    </Stack>
  )
}

function RoleForm({ user }: { user: AdminUser }) {
  const { LL } = useI18n()
  const t = LL.inbox.user
  const trpc = useTRPC()
  const save = useMutation(trpc.admin.users.setRole.mutationOptions())
  const finish = useStayingSave(trpc.admin.users.pathKey())
  const form = useSchemaForm<{ id: number; role: Role }>(userRoleSchema, { ...validateOnSubmit, initialValues: { id: user.id, role: user.role } })
  const submit = (values: { id: number; role: Role }) => finish(form, () => save.mutateAsync(values), t.roleSaved())
  return (
    <form noValidate aria-labelledby="user-role" onSubmit={form.onSubmit((values) => void submit(values), focusFirstError(form))}>
      <Stack gap="sm" maw={480}>
        <NativeSelect
          label={t.role()}
          description={t.roleHint()}
          data={ROLES.map((role) => ({ value: role, label: LL.inbox.users.roles[role]() }))}
          {...form.getInputProps('role')}
        />
        <Group>
          <Button type="submit" mih={44} loading={save.isPending}>
            {t.saveRole()}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}

function Sessions({ user }: { user: AdminUser }) {
  const { LL } = useI18n()
  const t = LL.inbox.user
  const trpc = useTRPC()
  const end = useMutation(trpc.admin.users.endSessions.mutationOptions())
  const run = useConfirmedAction(
    trpc.admin.users.pathKey(),
    () => end.mutateAsync({ id: user.id }),
    t.confirmEndSessions({ email: user.email }),
    ({ ended }) => t.sessionsEnded({ count: ended }),
  )
  return (
    <Stack gap="sm" align="start">
      <Text>{t.sessionsLive({ count: user.sessions })}</Text>
      <Button color="red.9" mih={44} loading={end.isPending} onClick={() => void run()}>
        {t.endSessions()}
      </Button>
    </Stack>
  )
}

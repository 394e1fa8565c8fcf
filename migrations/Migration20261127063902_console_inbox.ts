import { Migration } from '@mikro-orm/migrations'

export class Migration20261127063902_console_inbox extends Migration {
  override name = 'Migration20261127063902_console_inbox'

  override up(): void | Promise<void> {
    // Billing events name their subscription; earlier ones get it from their stored fields (each processor's own name for it).
    this.addSql(`alter table "billing_event" add "subscription_external_id" varchar(128) null;`)
    this.addSql(
      `update "billing_event" set "subscription_external_id" = left(case "provider" when 'segpay' then "payload"->>'purchaseid' when 'verotel' then "payload"->>'saleID' else "payload"->>'subscriptionId' end, 128);`,
    )
    this.addSql(`create index "billing_event_subscription_external_id_index" on "billing_event" ("subscription_external_id");`)

    // Report states of the inbox: open → new, done → removed.
    this.addSql(`alter table "removal_report" drop constraint "removal_report_status_check";`)
    this.addSql(`update "removal_report" set "status" = case "status" when 'done' then 'removed' else 'new' end;`)
    this.addSql(`alter table "removal_report" add "status_note" text null, add "status_changed_at" timestamptz null;`)
    this.addSql(`alter table "removal_report" alter column "status" set default 'new';`)
    this.addSql(`create index "removal_report_status_created_at_index" on "removal_report" ("status", "created_at");`)
    this.addSql(`create index "removal_report_created_at_index" on "removal_report" ("created_at");`)
    this.addSql(`alter table "removal_report" add constraint "removal_report_status_check" check ("status" in ('new', 'inReview', 'removed', 'rejected'));`)

    this.addSql(`create index "app_user_email_prefix" on "app_user" (lower("email") text_pattern_ops, "id");`)

    this.addSql(`alter table "contact_message" add "handled_at" timestamptz null;`)
    this.addSql(`create index "contact_message_handled_at_created_at_index" on "contact_message" ("handled_at", "created_at");`)
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "app_user_email_prefix";`)

    this.addSql(`drop index "billing_event_subscription_external_id_index";`)
    this.addSql(`alter table "billing_event" drop column "subscription_external_id";`)

    this.addSql(`drop index "contact_message_handled_at_created_at_index";`)
    this.addSql(`alter table "contact_message" drop column "handled_at";`)

    this.addSql(`drop index "removal_report_status_created_at_index";`)
    this.addSql(`drop index "removal_report_created_at_index";`)
    this.addSql(`alter table "removal_report" drop constraint "removal_report_status_check";`)
    this.addSql(`update "removal_report" set "status" = case when "status" in ('removed', 'rejected') then 'done' else 'open' end;`)
    this.addSql(`alter table "removal_report" drop column "status_note", drop column "status_changed_at";`)
    this.addSql(`alter table "removal_report" alter column "status" set default 'open';`)
    this.addSql(`alter table "removal_report" add constraint "removal_report_status_check" check ("status" in ('open', 'done'));`)
  }
}

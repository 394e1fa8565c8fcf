import { Migration } from '@mikro-orm/migrations'

export class Migration20261127040806_console_editors extends Migration {
  override name = 'Migration20261127040806_console_editors'

  override up(): void | Promise<void> {
    this.addSql(
      `create table "faq_entry" ("id" serial primary key, "group" text not null, "sort_order" int not null default 0, "question" jsonb not null, "answer" jsonb not null, "updated_at" timestamptz not null);`,
    )

    this.addSql(`alter table "banner" add "starts_at" timestamptz null, add "ends_at" timestamptz null;`)

    this.addSql(`alter table "image_set" add "withdrawn" boolean not null default false;`)

    this.addSql(`alter table "video" add "withdrawn" boolean not null default false;`)

    this.addSql(`alter table "faq_entry" add constraint "faq_entry_group_check" check ("group" in ('membership', 'billing', 'downloads', 'support'));`)
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "faq_entry" cascade;`)

    this.addSql(`alter table "banner" drop column "starts_at", drop column "ends_at";`)

    this.addSql(`alter table "image_set" drop column "withdrawn";`)

    this.addSql(`alter table "video" drop column "withdrawn";`)
  }
}

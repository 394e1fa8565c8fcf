import { Migration } from '@mikro-orm/migrations'

export class Migration20261128165911_age_assurance extends Migration {
  override name = 'Migration20261128165911_age_assurance'

  override up(): void | Promise<void> {
    this.addSql(
      `create table "age_daily_count" ("day" date not null, "kind" varchar(20) not null, "key" varchar(80) not null, "count" bigint not null, primary key ("day", "kind", "key"));`,
    )

    this.addSql(
      `create table "age_proof" ("id" serial primary key, "user_id" int null, "browser_key" varchar(64) null, "over18" boolean not null, "method" varchar(40) not null, "provider" varchar(120) not null, "double_anonymous" boolean not null, "policy_version" varchar(40) not null, "verified_at" timestamptz not null, "expires_at" timestamptz null);`,
    )
    this.addSql(`alter table "age_proof" add constraint "age_proof_user_id_unique" unique ("user_id");`)
    this.addSql(`alter table "age_proof" add constraint "age_proof_browser_key_unique" unique ("browser_key");`)
    this.addSql(`create index "age_proof_expires_at_index" on "age_proof" ("expires_at");`)

    this.addSql(
      `create table "age_check" ("id" uuid not null, "method" varchar(40) not null, "rule" varchar(40) not null, "nonce" varchar(64) not null, "state" jsonb null, "owner" varchar(64) not null, "user_id" int null, "status" text not null default 'pending', "reason" varchar(120) null, "return_to" varchar(2048) not null, "locale" text not null, "created_at" timestamptz not null, "expires_at" timestamptz not null, "completed_at" timestamptz null, primary key ("id"));`,
    )
    this.addSql(`create index "age_check_owner_index" on "age_check" ("owner");`)
    this.addSql(`create index "age_check_user_id_index" on "age_check" ("user_id");`)
    this.addSql(`create index "age_check_expires_at_index" on "age_check" ("expires_at");`)

    this.addSql(`alter table "age_proof" add constraint "age_proof_user_id_foreign" foreign key ("user_id") references "app_user" ("id") on delete cascade;`)
    this.addSql(`alter table "age_proof" add constraint "age_proof_owner_check" check (("user_id" is null) <> ("browser_key" is null));`)

    this.addSql(`alter table "age_check" add constraint "age_check_user_id_foreign" foreign key ("user_id") references "app_user" ("id") on delete cascade;`)
    this.addSql(`alter table "age_check" add constraint "age_check_status_check" check ("status" in ('pending', 'accepted', 'refused', 'used'));`)
    this.addSql(`alter table "age_check" add constraint "age_check_locale_check" check ("locale" in ('de', 'en', 'es', 'fr', 'it'));`)
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "age_daily_count" cascade;`)
    this.addSql(`drop table if exists "age_proof" cascade;`)
    this.addSql(`drop table if exists "age_check" cascade;`)
  }
}

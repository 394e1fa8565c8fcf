import { Migration } from '@mikro-orm/migrations'

export class Migration20261125011458_audit_log extends Migration {
  override name = 'Migration20261125011458_audit_log'

  override up(): void | Promise<void> {
    this.addSql(
      `create table "audit_log" ("id" serial primary key, "user_id" int null, "user_email" varchar(320) not null, "created_at" timestamptz not null, "action" varchar(120) not null, "target_type" varchar(60) not null, "target_id" varchar(120) null, "before" jsonb null, "after" jsonb null);`,
    )
    this.addSql(`create index "audit_log_created_at_index" on "audit_log" ("created_at");`)
    this.addSql(`create index "audit_log_target_type_target_id_index" on "audit_log" ("target_type", "target_id");`)

    this.addSql(`alter table "audit_log" add constraint "audit_log_user_id_foreign" foreign key ("user_id") references "app_user" ("id") on delete set null;`)
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "audit_log" cascade;`)
  }
}

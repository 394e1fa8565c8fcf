import { Migration } from '@mikro-orm/migrations'

export class Migration20261123090604_rate_limit extends Migration {
  override name = 'Migration20261123090604_rate_limit'

  override up(): void | Promise<void> {
    this.addSql(`create table "rate_limit_hit" ("key" varchar(64) not null, "count" int not null, "reset_at" timestamptz not null, primary key ("key"));`)
    this.addSql(`create index "rate_limit_hit_reset_at_index" on "rate_limit_hit" ("reset_at");`)
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "rate_limit_hit" cascade;`)
  }
}

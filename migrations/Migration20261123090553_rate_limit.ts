import { Migration } from '@mikro-orm/migrations';

export class Migration20261123090553_rate_limit extends Migration {

  override name = 'Migration20261123090553_rate_limit';

  override up(): void | Promise<void> {
    this.addSql(`create table "rate_limit_counter" ("key" varchar(200) not null, "hits" int not null, "window_ends_at" timestamptz not null, primary key ("key"));`);
    this.addSql(`create index "rate_limit_counter_window_ends_at_index" on "rate_limit_counter" ("window_ends_at");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "rate_limit_counter" cascade;`);
  }

}

import { Migration } from '@mikro-orm/migrations'

export class Migration20261123174233_search_statistics extends Migration {
  override name = 'Migration20261123174233_search_statistics'

  override up(): void | Promise<void> {
    this.addSql(
      `create table "search_corpus" ("kind" varchar(16) not null, "documents" int not null, "fingerprint" varchar(100) not null, "refreshed_at" timestamptz not null, primary key ("kind"));`,
    )

    this.addSql(
      `create table "search_lexeme" ("kind" varchar(16) not null, "lexeme" varchar(200) collate "C" not null, "documents" int not null, primary key ("kind", "lexeme"));`,
    )
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "search_corpus" cascade;`)
    this.addSql(`drop table if exists "search_lexeme" cascade;`)
  }
}

import { Migration } from '@mikro-orm/migrations'

export class Migration20261125011341_watch_position extends Migration {
  override name = 'Migration20261125011341_watch_position'

  override up(): void | Promise<void> {
    this.addSql(
      `create table "watch_position" ("user_id" int not null, "video_id" int not null, "position_seconds" double precision not null, "updated_at" timestamptz not null, primary key ("user_id", "video_id"));`,
    )
    this.addSql(`create index "watch_position_video_id_index" on "watch_position" ("video_id");`)
    this.addSql(`create index "watch_position_user_newest" on "watch_position" ("user_id", "updated_at");`)

    this.addSql(
      `alter table "watch_position" add constraint "watch_position_user_id_foreign" foreign key ("user_id") references "app_user" ("id") on update cascade on delete cascade;`,
    )
    this.addSql(
      `alter table "watch_position" add constraint "watch_position_video_id_foreign" foreign key ("video_id") references "video" ("id") on update cascade on delete cascade;`,
    )
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "watch_position" cascade;`)
  }
}

import { Migration } from '@mikro-orm/migrations'

export class Migration20261123182600_search_newest_index extends Migration {
  override name = 'Migration20261123182600_search_newest_index'

  override up(): void | Promise<void> {
    this.addSql(
      `create index "image_set_search_newest" on "image_set" ((coalesce("publish_at", "released_at")) desc, "id" desc) include ("publish_at", "released_at", "search_vector") where "released_at" is not null;`,
    )

    this.addSql(
      `create index "video_search_newest" on "video" ((coalesce("publish_at", "released_at")) desc, "id" desc) include ("publish_at", "released_at", "search_vector") where "released_at" is not null;`,
    )
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "image_set_search_newest";`)

    this.addSql(`drop index "video_search_newest";`)
  }
}

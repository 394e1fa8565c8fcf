import { Migration } from '@mikro-orm/migrations'

export class Migration20261123093527_catalog_category_index extends Migration {
  override name = 'Migration20261123093527_catalog_category_index'

  override up(): void | Promise<void> {
    this.addSql(
      `create index "image_set_list_category" on "image_set" ("category_id", (coalesce("publish_at", "released_at")) desc, "id" desc) where "released_at" is not null;`,
    )

    this.addSql(
      `create index "video_list_category" on "video" ("category_id", (coalesce("publish_at", "released_at")) desc, "id" desc) where "released_at" is not null;`,
    )
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "image_set_list_category";`)

    this.addSql(`drop index "video_list_category";`)
  }
}

import { Migration } from '@mikro-orm/migrations'

export class Migration20261123094207_catalog_search_released extends Migration {
  override name = 'Migration20261123094207_catalog_search_released'

  override up(): void | Promise<void> {
    this.addSql(`drop index "image_set_search_vector_gin";`)
    this.addSql(`create index "image_set_search_released_gin" on "image_set" using gin ("search_vector") where "released_at" is not null;`)

    this.addSql(`drop index "video_search_vector_gin";`)
    this.addSql(`create index "video_search_released_gin" on "video" using gin ("search_vector") where "released_at" is not null;`)
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "image_set_search_released_gin";`)
    this.addSql(`create index "image_set_search_vector_gin" on "image_set" using gin ("search_vector");`)

    this.addSql(`drop index "video_search_released_gin";`)
    this.addSql(`create index "video_search_vector_gin" on "video" using gin ("search_vector");`)
  }
}

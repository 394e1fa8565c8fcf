import { Migration } from '@mikro-orm/migrations'

/**
 * The title and description the public tour shows instead of an item's own (docs/age-assurance.md,
 * "What a tour shows"): written by an editor, per language; null or empty: a neutral title.
 */
export class Migration20261128163717_tour_texts extends Migration {
  override name = 'Migration20261128163717_tour_texts'

  override up(): void | Promise<void> {
    this.addSql(`alter table "video" add "tour_title" jsonb null, add "tour_description" jsonb null;`)
    this.addSql(`alter table "image_set" add "tour_title" jsonb null, add "tour_description" jsonb null;`)
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "video" drop column "tour_title", drop column "tour_description";`)
    this.addSql(`alter table "image_set" drop column "tour_title", drop column "tour_description";`)
  }
}

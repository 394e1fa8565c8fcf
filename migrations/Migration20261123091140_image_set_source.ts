import { Migration } from '@mikro-orm/migrations'

export class Migration20261123091140_image_set_source extends Migration {
  override name = 'Migration20261123091140_image_set_source'

  override up(): void | Promise<void> {
    this.addSql(`alter table "image_set" add "source_sha256" varchar(64) null, add "source_name" varchar(512) null;`)
    this.addSql(`alter table "image_set" add constraint "image_set_source_sha256_unique" unique ("source_sha256");`)
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "image_set" drop constraint "image_set_source_sha256_unique";`)
    this.addSql(`alter table "image_set" drop column "source_sha256", drop column "source_name";`)
  }
}

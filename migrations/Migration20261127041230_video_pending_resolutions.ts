import { Migration } from '@mikro-orm/migrations'

export class Migration20261127041230_video_pending_resolutions extends Migration {
  override name = 'Migration20261127041230_video_pending_resolutions'

  override up(): void | Promise<void> {
    this.addSql(`alter table "video" add "pending_resolutions" text[] not null default '{}';`)
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "video" drop column "pending_resolutions";`)
  }
}

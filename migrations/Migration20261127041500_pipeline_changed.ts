import { Migration } from '@mikro-orm/migrations'

/**
 * The live pipeline board: every change of an ingested item's media state, progress or error
 * (the ingest, the worker's progress, a retry, a cancel) notifies `pipeline_changed` with
 * "<table>:<id>" when its transaction commits; each server listens and pushes the board to
 * the console pages that follow it.
 */
export class Migration20261127041500_pipeline_changed extends Migration {
  override name = 'Migration20261127041500_pipeline_changed'

  override up(): void | Promise<void> {
    this.addSql(`create function pipeline_changed() returns trigger as $$
begin
  if new.source_name is not null and (tg_op = 'INSERT'
      or new.media_status is distinct from old.media_status
      or new.media_progress is distinct from old.media_progress
      or new.media_error is distinct from old.media_error
      or new.source_name is distinct from old.source_name) then
    perform pg_notify('pipeline_changed', tg_table_name || ':' || new.id);
  end if;
  return null;
end $$ language plpgsql;`)
    this.addSql(
      `create trigger video_pipeline_changed after insert or update of media_status, media_progress, media_error, source_name on "video" for each row execute function pipeline_changed();`,
    )
    this.addSql(
      `create trigger image_set_pipeline_changed after insert or update of media_status, media_progress, media_error, source_name on "image_set" for each row execute function pipeline_changed();`,
    )
  }

  override down(): void | Promise<void> {
    this.addSql(`drop trigger if exists video_pipeline_changed on "video";`)
    this.addSql(`drop trigger if exists image_set_pipeline_changed on "image_set";`)
    this.addSql(`drop function if exists pipeline_changed();`)
  }
}

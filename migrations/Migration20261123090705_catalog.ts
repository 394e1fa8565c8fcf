import { Migration } from '@mikro-orm/migrations'

export class Migration20261123090705_catalog extends Migration {
  override name = 'Migration20261123090705_catalog'

  override up(): void | Promise<void> {
    // Search: trigram similarity (typo tolerance) and accent folding.
    this.addSql(`create extension if not exists pg_trgm;`)
    this.addSql(`create extension if not exists unaccent;`)
    // Fills the search columns of video and image_set from the titles and descriptions of all
    // five locales: lower case, accents removed; titles weigh more than descriptions.
    this.addSql(`create or replace function catalog_search_refresh() returns trigger as $$
begin
  new.search_title := lower(unaccent(concat_ws(' ', new.title->>'de', new.title->>'en', new.title->>'es', new.title->>'fr', new.title->>'it')));
  new.search_vector := setweight(to_tsvector('simple', new.search_title), 'A')
    || setweight(to_tsvector('simple', lower(unaccent(concat_ws(' ', new.description->>'de', new.description->>'en', new.description->>'es', new.description->>'fr', new.description->>'it')))), 'C');
  return new;
end;
$$ language plpgsql;`)

    this.addSql(`create index "performer_name_trgm" on "performer" using gin ((lower("first_name")) gin_trgm_ops);`)
    this.addSql(`create index "performer_list_newest" on "performer" ("created_at" desc, "id" desc);`)
    this.addSql(`create index "performer_list_best_rated" on "performer" ("likes" desc, "id" desc);`)
    this.addSql(`create index "performer_list_alphabetic" on "performer" ("first_name", "id");`)

    this.addSql(`alter table "image_set" add "search_title" text null, add "search_vector" tsvector null, add "members_only" boolean not null default true;`)
    this.addSql(`create index "image_set_search_title_trgm" on "image_set" using gin ("search_title" gin_trgm_ops);`)
    this.addSql(`create index "image_set_search_vector_gin" on "image_set" using gin ("search_vector");`)
    this.addSql(
      `create index "image_set_list_newest" on "image_set" ((coalesce("publish_at", "released_at")) desc, "id" desc) where "released_at" is not null;`,
    )
    this.addSql(`create index "image_set_list_most_watched" on "image_set" ("views" desc, "id" desc) where "released_at" is not null;`)
    this.addSql(`create index "image_set_list_best_rated" on "image_set" ("likes" desc, "id" desc) where "released_at" is not null;`)
    this.addSql(`create index "image_set_list_longest" on "image_set" ("images_count" desc, "id" desc) where "released_at" is not null;`)
    this.addSql(
      `create trigger "image_set_search_refresh" before insert or update of "title", "description" on "image_set" for each row execute function catalog_search_refresh();`,
    )

    this.addSql(`alter table "video" add "search_title" text null, add "search_vector" tsvector null;`)
    this.addSql(`create index "video_search_title_trgm" on "video" using gin ("search_title" gin_trgm_ops);`)
    this.addSql(`create index "video_search_vector_gin" on "video" using gin ("search_vector");`)
    this.addSql(`create index "video_list_newest" on "video" ((coalesce("publish_at", "released_at")) desc, "id" desc) where "released_at" is not null;`)
    this.addSql(`create index "video_list_most_watched" on "video" ("views" desc, "id" desc) where "released_at" is not null;`)
    this.addSql(`create index "video_list_best_rated" on "video" ("likes" desc, "id" desc) where "released_at" is not null;`)
    this.addSql(`create index "video_list_longest" on "video" ("duration_seconds" desc, "id" desc) where "released_at" is not null;`)
    this.addSql(
      `create trigger "video_search_refresh" before insert or update of "title", "description" on "video" for each row execute function catalog_search_refresh();`,
    )

    // Rows that existed before the trigger get their search columns now.
    this.addSql(`update "video" set "title" = "title";`)
    this.addSql(`update "image_set" set "title" = "title";`)
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "image_set_search_title_trgm";`)
    this.addSql(`drop index "image_set_search_vector_gin";`)
    this.addSql(`drop index "image_set_list_newest";`)
    this.addSql(`drop index "image_set_list_most_watched";`)
    this.addSql(`drop index "image_set_list_best_rated";`)
    this.addSql(`drop index "image_set_list_longest";`)
    this.addSql(`drop trigger if exists "image_set_search_refresh" on "image_set";`)
    this.addSql(`alter table "image_set" drop column "search_title", drop column "search_vector", drop column "members_only";`)

    this.addSql(`drop index "performer_name_trgm";`)
    this.addSql(`drop index "performer_list_newest";`)
    this.addSql(`drop index "performer_list_best_rated";`)
    this.addSql(`drop index "performer_list_alphabetic";`)

    this.addSql(`drop index "video_search_title_trgm";`)
    this.addSql(`drop index "video_search_vector_gin";`)
    this.addSql(`drop index "video_list_newest";`)
    this.addSql(`drop index "video_list_most_watched";`)
    this.addSql(`drop index "video_list_best_rated";`)
    this.addSql(`drop index "video_list_longest";`)
    this.addSql(`drop trigger if exists "video_search_refresh" on "video";`)
    this.addSql(`alter table "video" drop column "search_title", drop column "search_vector";`)
    this.addSql(`drop function if exists catalog_search_refresh();`)
  }
}

import { Migration } from '@mikro-orm/migrations'

export class Migration20261123093158_catalog_search_terms extends Migration {
  override name = 'Migration20261123093158_catalog_search_terms'

  override up(): void | Promise<void> {
    this.addSql(`create table "search_term" ("term" varchar(200) not null, primary key ("term"));`)
    this.addSql(`create index "search_term_trgm" on "search_term" using gin ("term" gin_trgm_ops);`)

    this.addSql(`drop index "image_set_search_title_trgm";`)

    this.addSql(`drop index "video_search_title_trgm";`)

    // The search trigger now also adds the title's words to the dictionary of search terms.
    this.addSql(`create or replace function catalog_search_refresh() returns trigger as $$
begin
  new.search_title := lower(unaccent(concat_ws(' ', new.title->>'de', new.title->>'en', new.title->>'es', new.title->>'fr', new.title->>'it')));
  new.search_vector := setweight(to_tsvector('simple', new.search_title), 'A')
    || setweight(to_tsvector('simple', lower(unaccent(concat_ws(' ', new.description->>'de', new.description->>'en', new.description->>'es', new.description->>'fr', new.description->>'it')))), 'C');
  insert into search_term (term)
    select word from unnest(tsvector_to_array(to_tsvector('simple', new.search_title))) as word
    where length(word) between 2 and 200
    on conflict do nothing;
  return new;
end;
$$ language plpgsql;`)
    this.addSql(`insert into search_term (term)
      select distinct word from (
        select unnest(tsvector_to_array(to_tsvector('simple', search_title))) as word from video
        union all
        select unnest(tsvector_to_array(to_tsvector('simple', search_title))) as word from image_set
      ) words
      where length(word) between 2 and 200
      on conflict do nothing;`)
  }

  override down(): void | Promise<void> {
    this.addSql(`create or replace function catalog_search_refresh() returns trigger as $$
begin
  new.search_title := lower(unaccent(concat_ws(' ', new.title->>'de', new.title->>'en', new.title->>'es', new.title->>'fr', new.title->>'it')));
  new.search_vector := setweight(to_tsvector('simple', new.search_title), 'A')
    || setweight(to_tsvector('simple', lower(unaccent(concat_ws(' ', new.description->>'de', new.description->>'en', new.description->>'es', new.description->>'fr', new.description->>'it')))), 'C');
  return new;
end;
$$ language plpgsql;`)
    this.addSql(`drop table if exists "search_term" cascade;`)

    this.addSql(`create index "image_set_search_title_trgm" on "image_set" using gin ("search_title" gin_trgm_ops);`)

    this.addSql(`create index "video_search_title_trgm" on "video" using gin ("search_title" gin_trgm_ops);`)
  }
}

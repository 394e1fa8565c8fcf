import { Migration } from '@mikro-orm/migrations'

export class Migration20261122222347_initial extends Migration {
  override name = 'Migration20261122222347_initial'

  override up(): void | Promise<void> {
    this.addSql(
      `create table "banner" ("id" serial primary key, "position" text not null, "title" jsonb not null, "image" jsonb not null, "link_path" varchar(512) null, "sort_order" int not null default 0, "active" boolean not null default true);`,
    )

    this.addSql(
      `create table "billing_event" ("id" serial primary key, "provider" varchar(32) not null, "event_id" varchar(128) not null, "type" varchar(64) not null, "payload" jsonb not null, "received_at" timestamptz not null, "processed_at" timestamptz null, "error" text null);`,
    )
    this.addSql(`alter table "billing_event" add constraint "billing_event_provider_event_id_unique" unique ("provider", "event_id");`)

    this.addSql(
      `create table "category" ("id" serial primary key, "slug" varchar(96) not null, "title" jsonb not null, "description" jsonb not null, "logo" jsonb null, "preview" jsonb null, "featured" boolean not null default false, "sort_order" int not null default 0, "created_at" timestamptz not null);`,
    )
    this.addSql(`alter table "category" add constraint "category_slug_unique" unique ("slug");`)

    this.addSql(
      `create table "legal_page" ("id" serial primary key, "slug" varchar(64) not null, "locale" text not null, "title" varchar(300) not null, "content" jsonb not null, "updated_at" timestamptz not null);`,
    )
    this.addSql(`alter table "legal_page" add constraint "legal_page_slug_locale_unique" unique ("slug", "locale");`)

    this.addSql(
      `create table "mail_message" ("id" serial primary key, "to" varchar(320) not null, "subject" varchar(300) not null, "text" text not null, "html" text null, "created_at" timestamptz not null, "sent_at" timestamptz null, "error" text null);`,
    )

    this.addSql(
      `create table "performer" ("id" serial primary key, "first_name" varchar(120) not null, "birth_date" date null, "description" jsonb not null, "bio" jsonb not null, "alt" jsonb not null, "avatar" jsonb null, "preview" jsonb null, "preview_thumbnail" jsonb null, "cup_size" varchar(8) null, "genital_area" text null, "height_cm" int null, "weight_kg" int null, "nationality" text null, "zodiac" text null, "preferences" text[] not null default '{}', "likes" int not null default 0, "dislikes" int not null default 0, "views" int not null default 0, "created_at" timestamptz not null);`,
    )

    this.addSql(
      `create table "image_set" ("id" serial primary key, "title" jsonb not null, "description" jsonb not null, "publish_at" timestamptz null, "released_at" timestamptz null, "downloadable" boolean not null default true, "likes" int not null default 0, "dislikes" int not null default 0, "views" int not null default 0, "media_status" text not null default 'pending', "media_error" text null, "media_progress" double precision not null default 0, "media_key" varchar(64) not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "category_id" int null, "featured_model_id" int null, "images_count" int not null default 0, "media" jsonb not null);`,
    )
    this.addSql(`alter table "image_set" add constraint "image_set_media_key_unique" unique ("media_key");`)
    this.addSql(`create index "image_set_category_id_index" on "image_set" ("category_id");`)
    this.addSql(`create index "image_set_released_at_index" on "image_set" ("released_at");`)
    this.addSql(`create index "image_set_publish_at_index" on "image_set" ("publish_at");`)

    this.addSql(
      `create table "image_set_model" ("image_set_id" int not null, "model_id" int not null, "position" int not null default 0, primary key ("image_set_id", "model_id"));`,
    )
    this.addSql(`create index "image_set_model_model_id_index" on "image_set_model" ("model_id");`)

    this.addSql(
      `create table "image" ("id" serial primary key, "image_set_id" int not null, "position" int not null, "alt" jsonb not null, "media" jsonb not null);`,
    )
    this.addSql(`alter table "image" add constraint "image_image_set_id_position_unique" unique ("image_set_id", "position");`)

    this.addSql(
      `create table "plan" ("id" serial primary key, "sid" varchar(64) not null, "name" jsonb not null, "period" text not null, "price_cents" int not null, "currency" varchar(3) not null default 'EUR', "trial_days" int null, "trial_price_cents" int null, "features" text[] not null default '{}', "daily_download_limit" int not null default 0, "visibility" text not null default 'public', "highlight" boolean not null default false, "sort_order" int not null default 0, "created_at" timestamptz not null);`,
    )
    this.addSql(`alter table "plan" add constraint "plan_sid_unique" unique ("sid");`)

    this.addSql(
      `create table "removal_report" ("id" serial primary key, "name" varchar(200) not null, "email" varchar(320) not null, "urls" text[] not null, "type" text not null, "depicted" boolean not null, "issues" text[] not null, "description" text not null, "signature" varchar(200) not null, "locale" text not null, "status" text not null default 'open', "created_at" timestamptz not null);`,
    )

    this.addSql(
      `create table "app_user" ("id" serial primary key, "email" varchar(320) not null, "password_hash" varchar(255) not null, "email_verified_at" timestamptz null, "role" text not null default 'user', "locale" text not null default 'de', "created_at" timestamptz not null, "updated_at" timestamptz not null);`,
    )
    this.addSql(`create unique index "app_user_email_lower_unique" on "app_user" (lower("email"));`)

    this.addSql(
      `create table "subscription" ("id" serial primary key, "user_id" int not null, "plan_id" int not null, "external_id" varchar(128) not null, "status" text not null default 'active', "started_at" timestamptz not null, "trial_ends_at" timestamptz null, "paid_until" timestamptz not null, "pending_change" text null, "pending_plan_id" int null, "pending_from" timestamptz null, "ended_at" timestamptz null, "end_reason" varchar(64) null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`,
    )
    this.addSql(`create index "subscription_user_id_index" on "subscription" ("user_id");`)
    this.addSql(`alter table "subscription" add constraint "subscription_external_id_unique" unique ("external_id");`)
    this.addSql(`create index "subscription_paid_until_index" on "subscription" ("paid_until");`)

    this.addSql(
      `create table "session" ("id" varchar(64) not null, "user_id" int not null, "remember" boolean not null default false, "created_at" timestamptz not null, "last_seen_at" timestamptz not null, "expires_at" timestamptz not null, "user_agent" varchar(512) null, primary key ("id"));`,
    )
    this.addSql(`create index "session_user_id_index" on "session" ("user_id");`)
    this.addSql(`create index "session_expires_at_index" on "session" ("expires_at");`)

    this.addSql(
      `create table "model_state" ("user_id" int not null, "model_id" int not null, "rating" text null, "favorite" boolean not null default false, "watch_later" boolean not null default false, "viewed_at" timestamptz null, "updated_at" timestamptz not null, primary key ("user_id", "model_id"));`,
    )
    this.addSql(`create index "model_state_model_id_index" on "model_state" ("model_id");`)

    this.addSql(
      `create table "image_set_state" ("user_id" int not null, "image_set_id" int not null, "rating" text null, "favorite" boolean not null default false, "watch_later" boolean not null default false, "viewed_at" timestamptz null, "updated_at" timestamptz not null, primary key ("user_id", "image_set_id"));`,
    )
    this.addSql(`create index "image_set_state_image_set_id_index" on "image_set_state" ("image_set_id");`)

    this.addSql(
      `create table "error_feedback" ("id" serial primary key, "message" text not null, "path" varchar(2048) null, "error_text" text null, "user_id" int null, "created_at" timestamptz not null);`,
    )

    this.addSql(
      `create table "download_counter" ("user_id" int not null, "day" date not null, "count" int not null default 0, primary key ("user_id", "day"));`,
    )

    this.addSql(
      `create table "contact_message" ("id" serial primary key, "first_name" varchar(200) not null, "last_name" varchar(200) not null, "email" varchar(320) not null, "subject" varchar(300) not null, "message" text not null, "locale" text not null, "user_id" int null, "created_at" timestamptz not null);`,
    )

    this.addSql(
      `create table "auth_token" ("id" serial primary key, "user_id" int not null, "purpose" text not null, "token_hash" varchar(64) not null, "expires_at" timestamptz not null, "used_at" timestamptz null, "created_at" timestamptz not null);`,
    )
    this.addSql(`create index "auth_token_user_id_index" on "auth_token" ("user_id");`)
    this.addSql(`alter table "auth_token" add constraint "auth_token_token_hash_unique" unique ("token_hash");`)

    this.addSql(
      `create table "video" ("id" serial primary key, "title" jsonb not null, "description" jsonb not null, "publish_at" timestamptz null, "released_at" timestamptz null, "downloadable" boolean not null default true, "likes" int not null default 0, "dislikes" int not null default 0, "views" int not null default 0, "media_status" text not null default 'pending', "media_error" text null, "media_progress" double precision not null default 0, "media_key" varchar(64) not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "category_id" int null, "featured_model_id" int null, "duration_seconds" int not null default 0, "resolutions" text[] not null default '{}', "highest_resolution" text null, "media" jsonb not null, "source_sha256" varchar(64) null, "source_name" varchar(512) null);`,
    )
    this.addSql(`alter table "video" add constraint "video_media_key_unique" unique ("media_key");`)
    this.addSql(`create index "video_category_id_index" on "video" ("category_id");`)
    this.addSql(`alter table "video" add constraint "video_source_sha256_unique" unique ("source_sha256");`)
    this.addSql(`create index "video_released_at_index" on "video" ("released_at");`)
    this.addSql(`create index "video_publish_at_index" on "video" ("publish_at");`)

    this.addSql(
      `create table "video_model" ("video_id" int not null, "model_id" int not null, "position" int not null default 0, primary key ("video_id", "model_id"));`,
    )
    this.addSql(`create index "video_model_model_id_index" on "video_model" ("model_id");`)

    this.addSql(
      `create table "video_state" ("user_id" int not null, "video_id" int not null, "rating" text null, "favorite" boolean not null default false, "watch_later" boolean not null default false, "viewed_at" timestamptz null, "updated_at" timestamptz not null, primary key ("user_id", "video_id"));`,
    )
    this.addSql(`create index "video_state_video_id_index" on "video_state" ("video_id");`)

    this.addSql(`alter table "banner" add constraint "banner_position_check" check ("position" in ('top', 'bottom'));`)

    this.addSql(`alter table "legal_page" add constraint "legal_page_locale_check" check ("locale" in ('de', 'en', 'es', 'fr', 'it'));`)

    this.addSql(
      `alter table "performer" add constraint "performer_genital_area_check" check ("genital_area" in ('shaved', 'partlyShaved', 'hairy', 'extremelyHairy'));`,
    )
    this.addSql(
      `alter table "performer" add constraint "performer_nationality_check" check ("nationality" in ('german', 'czech', 'polish', 'thai', 'american', 'bulgarian', 'russian', 'turkish', 'ukranian', 'chinese'));`,
    )
    this.addSql(
      `alter table "performer" add constraint "performer_zodiac_check" check ("zodiac" in ('aries', 'taurus', 'gemini', 'cancer', 'leo', 'virgo', 'libra', 'scorpio', 'sagittarius', 'capricorn', 'aquarius', 'pisces'));`,
    )

    this.addSql(
      `alter table "image_set" add constraint "image_set_category_id_foreign" foreign key ("category_id") references "category" ("id") on delete set null;`,
    )
    this.addSql(
      `alter table "image_set" add constraint "image_set_featured_model_id_foreign" foreign key ("featured_model_id") references "performer" ("id") on delete set null;`,
    )
    this.addSql(`alter table "image_set" add constraint "image_set_media_status_check" check ("media_status" in ('pending', 'processing', 'ready', 'failed'));`)

    this.addSql(
      `alter table "image_set_model" add constraint "image_set_model_image_set_id_foreign" foreign key ("image_set_id") references "image_set" ("id") on update cascade on delete cascade;`,
    )
    this.addSql(
      `alter table "image_set_model" add constraint "image_set_model_model_id_foreign" foreign key ("model_id") references "performer" ("id") on update cascade on delete cascade;`,
    )

    this.addSql(`alter table "image" add constraint "image_image_set_id_foreign" foreign key ("image_set_id") references "image_set" ("id") on delete cascade;`)

    this.addSql(`alter table "plan" add constraint "plan_period_check" check ("period" in ('monthly', 'yearly', 'biyearly'));`)
    this.addSql(`alter table "plan" add constraint "plan_visibility_check" check ("visibility" in ('public', 'unlisted'));`)

    this.addSql(`alter table "removal_report" add constraint "removal_report_type_check" check ("type" in ('abuse', 'copyright'));`)
    this.addSql(`alter table "removal_report" add constraint "removal_report_locale_check" check ("locale" in ('de', 'en', 'es', 'fr', 'it'));`)
    this.addSql(`alter table "removal_report" add constraint "removal_report_status_check" check ("status" in ('open', 'done'));`)

    this.addSql(`alter table "app_user" add constraint "app_user_role_check" check ("role" in ('user', 'admin', 'permanentAccess'));`)
    this.addSql(`alter table "app_user" add constraint "app_user_locale_check" check ("locale" in ('de', 'en', 'es', 'fr', 'it'));`)

    this.addSql(
      `alter table "subscription" add constraint "subscription_user_id_foreign" foreign key ("user_id") references "app_user" ("id") on delete cascade;`,
    )
    this.addSql(`alter table "subscription" add constraint "subscription_plan_id_foreign" foreign key ("plan_id") references "plan" ("id");`)
    this.addSql(
      `alter table "subscription" add constraint "subscription_pending_plan_id_foreign" foreign key ("pending_plan_id") references "plan" ("id") on delete set null;`,
    )
    this.addSql(`alter table "subscription" add constraint "subscription_status_check" check ("status" in ('active', 'ended'));`)
    this.addSql(`alter table "subscription" add constraint "subscription_pending_change_check" check ("pending_change" in ('cancel', 'change'));`)

    this.addSql(`alter table "session" add constraint "session_user_id_foreign" foreign key ("user_id") references "app_user" ("id") on delete cascade;`)

    this.addSql(
      `alter table "model_state" add constraint "model_state_user_id_foreign" foreign key ("user_id") references "app_user" ("id") on update cascade on delete cascade;`,
    )
    this.addSql(
      `alter table "model_state" add constraint "model_state_model_id_foreign" foreign key ("model_id") references "performer" ("id") on update cascade on delete cascade;`,
    )
    this.addSql(`alter table "model_state" add constraint "model_state_rating_check" check ("rating" in ('like', 'dislike'));`)

    this.addSql(
      `alter table "image_set_state" add constraint "image_set_state_user_id_foreign" foreign key ("user_id") references "app_user" ("id") on update cascade on delete cascade;`,
    )
    this.addSql(
      `alter table "image_set_state" add constraint "image_set_state_image_set_id_foreign" foreign key ("image_set_id") references "image_set" ("id") on update cascade on delete cascade;`,
    )
    this.addSql(`alter table "image_set_state" add constraint "image_set_state_rating_check" check ("rating" in ('like', 'dislike'));`)

    this.addSql(
      `alter table "error_feedback" add constraint "error_feedback_user_id_foreign" foreign key ("user_id") references "app_user" ("id") on delete set null;`,
    )

    this.addSql(
      `alter table "download_counter" add constraint "download_counter_user_id_foreign" foreign key ("user_id") references "app_user" ("id") on delete cascade;`,
    )

    this.addSql(
      `alter table "contact_message" add constraint "contact_message_user_id_foreign" foreign key ("user_id") references "app_user" ("id") on delete set null;`,
    )
    this.addSql(`alter table "contact_message" add constraint "contact_message_locale_check" check ("locale" in ('de', 'en', 'es', 'fr', 'it'));`)

    this.addSql(`alter table "auth_token" add constraint "auth_token_user_id_foreign" foreign key ("user_id") references "app_user" ("id") on delete cascade;`)
    this.addSql(`alter table "auth_token" add constraint "auth_token_purpose_check" check ("purpose" in ('verifyEmail', 'resetPassword'));`)

    this.addSql(`alter table "video" add constraint "video_category_id_foreign" foreign key ("category_id") references "category" ("id") on delete set null;`)
    this.addSql(
      `alter table "video" add constraint "video_featured_model_id_foreign" foreign key ("featured_model_id") references "performer" ("id") on delete set null;`,
    )
    this.addSql(`alter table "video" add constraint "video_media_status_check" check ("media_status" in ('pending', 'processing', 'ready', 'failed'));`)
    this.addSql(`alter table "video" add constraint "video_highest_resolution_check" check ("highest_resolution" in ('sd', 'hd', 'fhd', 'uhd', 'fuhd'));`)

    this.addSql(
      `alter table "video_model" add constraint "video_model_video_id_foreign" foreign key ("video_id") references "video" ("id") on update cascade on delete cascade;`,
    )
    this.addSql(
      `alter table "video_model" add constraint "video_model_model_id_foreign" foreign key ("model_id") references "performer" ("id") on update cascade on delete cascade;`,
    )

    this.addSql(
      `alter table "video_state" add constraint "video_state_user_id_foreign" foreign key ("user_id") references "app_user" ("id") on update cascade on delete cascade;`,
    )
    this.addSql(
      `alter table "video_state" add constraint "video_state_video_id_foreign" foreign key ("video_id") references "video" ("id") on update cascade on delete cascade;`,
    )
    this.addSql(`alter table "video_state" add constraint "video_state_rating_check" check ("rating" in ('like', 'dislike'));`)
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "image_set" drop constraint "image_set_category_id_foreign";`)
    this.addSql(`alter table "video" drop constraint "video_category_id_foreign";`)
    this.addSql(`alter table "image_set" drop constraint "image_set_featured_model_id_foreign";`)
    this.addSql(`alter table "image_set_model" drop constraint "image_set_model_model_id_foreign";`)
    this.addSql(`alter table "model_state" drop constraint "model_state_model_id_foreign";`)
    this.addSql(`alter table "video" drop constraint "video_featured_model_id_foreign";`)
    this.addSql(`alter table "video_model" drop constraint "video_model_model_id_foreign";`)
    this.addSql(`alter table "image_set_model" drop constraint "image_set_model_image_set_id_foreign";`)
    this.addSql(`alter table "image" drop constraint "image_image_set_id_foreign";`)
    this.addSql(`alter table "image_set_state" drop constraint "image_set_state_image_set_id_foreign";`)
    this.addSql(`alter table "subscription" drop constraint "subscription_plan_id_foreign";`)
    this.addSql(`alter table "subscription" drop constraint "subscription_pending_plan_id_foreign";`)
    this.addSql(`alter table "subscription" drop constraint "subscription_user_id_foreign";`)
    this.addSql(`alter table "session" drop constraint "session_user_id_foreign";`)
    this.addSql(`alter table "model_state" drop constraint "model_state_user_id_foreign";`)
    this.addSql(`alter table "image_set_state" drop constraint "image_set_state_user_id_foreign";`)
    this.addSql(`alter table "error_feedback" drop constraint "error_feedback_user_id_foreign";`)
    this.addSql(`alter table "download_counter" drop constraint "download_counter_user_id_foreign";`)
    this.addSql(`alter table "contact_message" drop constraint "contact_message_user_id_foreign";`)
    this.addSql(`alter table "auth_token" drop constraint "auth_token_user_id_foreign";`)
    this.addSql(`alter table "video_state" drop constraint "video_state_user_id_foreign";`)
    this.addSql(`alter table "video_model" drop constraint "video_model_video_id_foreign";`)
    this.addSql(`alter table "video_state" drop constraint "video_state_video_id_foreign";`)

    this.addSql(`drop table if exists "banner" cascade;`)
    this.addSql(`drop table if exists "billing_event" cascade;`)
    this.addSql(`drop table if exists "category" cascade;`)
    this.addSql(`drop table if exists "legal_page" cascade;`)
    this.addSql(`drop table if exists "mail_message" cascade;`)
    this.addSql(`drop table if exists "performer" cascade;`)
    this.addSql(`drop table if exists "image_set" cascade;`)
    this.addSql(`drop table if exists "image_set_model" cascade;`)
    this.addSql(`drop table if exists "image" cascade;`)
    this.addSql(`drop table if exists "plan" cascade;`)
    this.addSql(`drop table if exists "removal_report" cascade;`)
    this.addSql(`drop table if exists "app_user" cascade;`)
    this.addSql(`drop table if exists "subscription" cascade;`)
    this.addSql(`drop table if exists "session" cascade;`)
    this.addSql(`drop table if exists "model_state" cascade;`)
    this.addSql(`drop table if exists "image_set_state" cascade;`)
    this.addSql(`drop table if exists "error_feedback" cascade;`)
    this.addSql(`drop table if exists "download_counter" cascade;`)
    this.addSql(`drop table if exists "contact_message" cascade;`)
    this.addSql(`drop table if exists "auth_token" cascade;`)
    this.addSql(`drop table if exists "video" cascade;`)
    this.addSql(`drop table if exists "video_model" cascade;`)
    this.addSql(`drop table if exists "video_state" cascade;`)
  }
}

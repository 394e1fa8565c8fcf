import { Migration } from '@mikro-orm/migrations'

export class Migration20261128170443_accounts extends Migration {
  override name = 'Migration20261128170443_accounts'

  override up(): void | Promise<void> {
    this.addSql(
      `create table "passkey" ("id" serial primary key, "user_id" int not null, "credential_id" varchar(1400) not null, "public_key" text not null, "counter" bigint not null default '0', "transports" text[] not null default '{}', "device_type" varchar(20) not null, "backed_up" boolean not null default false, "name" varchar(100) not null, "created_at" timestamptz not null, "last_used_at" timestamptz null);`,
    )
    this.addSql(`create index "passkey_user_id_index" on "passkey" ("user_id");`)
    this.addSql(`alter table "passkey" add constraint "passkey_credential_id_unique" unique ("credential_id");`)

    this.addSql(
      `create table "email_change" ("id" serial primary key, "user_id" int not null, "old_email" varchar(320) not null, "new_email" varchar(320) not null, "confirm_token_hash" varchar(64) not null, "expires_at" timestamptz not null, "confirmed_at" timestamptz null, "undo_token_hash" varchar(64) null, "undo_until" timestamptz null, "undone_at" timestamptz null, "created_at" timestamptz not null);`,
    )
    this.addSql(`create index "email_change_user_id_index" on "email_change" ("user_id");`)
    this.addSql(`alter table "email_change" add constraint "email_change_confirm_token_hash_unique" unique ("confirm_token_hash");`)
    this.addSql(`alter table "email_change" add constraint "email_change_undo_token_hash_unique" unique ("undo_token_hash");`)
    this.addSql(`create index "email_change_old_email_lower" on "email_change" (lower("old_email"));`)

    this.addSql(
      `create table "webauthn_challenge" ("challenge" varchar(128) not null, "purpose" text not null, "user_id" int null, "expires_at" timestamptz not null, primary key ("challenge"));`,
    )
    this.addSql(`create index "webauthn_challenge_user_id_index" on "webauthn_challenge" ("user_id");`)
    this.addSql(`create index "webauthn_challenge_expires_at_index" on "webauthn_challenge" ("expires_at");`)

    this.addSql(`alter table "subscription" drop constraint "subscription_user_id_foreign";`)

    this.addSql(`alter table "mail_message" add "forget_after_sending" boolean not null default false;`)

    this.addSql(`alter table "app_user" alter column "password_hash" drop not null;`)

    this.addSql(`alter table "subscription" alter column "user_id" drop not null;`)
    this.addSql(
      `alter table "subscription" add constraint "subscription_user_id_foreign" foreign key ("user_id") references "app_user" ("id") on delete set null;`,
    )

    this.addSql(
      `alter table "session" add "authenticated_at" timestamptz not null default current_timestamp, add "auth_method" text null, add "country" varchar(2) null;`,
    )
    this.addSql(`alter table "session" add constraint "session_auth_method_check" check ("auth_method" in ('password', 'passkey', 'link'));`)
    // Sessions from before: authenticated when they began (never "recently").
    this.addSql(`update "session" set "authenticated_at" = "created_at";`)

    this.addSql(`alter table "passkey" add constraint "passkey_user_id_foreign" foreign key ("user_id") references "app_user" ("id") on delete cascade;`)

    this.addSql(
      `alter table "email_change" add constraint "email_change_user_id_foreign" foreign key ("user_id") references "app_user" ("id") on delete cascade;`,
    )

    this.addSql(
      `alter table "webauthn_challenge" add constraint "webauthn_challenge_user_id_foreign" foreign key ("user_id") references "app_user" ("id") on delete cascade;`,
    )
    this.addSql(
      `alter table "webauthn_challenge" add constraint "webauthn_challenge_purpose_check" check ("purpose" in ('register', 'signIn', 'reauthenticate'));`,
    )
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "passkey" cascade;`)
    this.addSql(`drop table if exists "email_change" cascade;`)
    this.addSql(`drop table if exists "webauthn_challenge" cascade;`)

    this.addSql(`alter table "subscription" drop constraint "subscription_user_id_foreign";`)

    this.addSql(`alter table "app_user" alter column "password_hash" set not null;`)

    this.addSql(`alter table "mail_message" drop column "forget_after_sending";`)

    this.addSql(`alter table "session" drop constraint "session_auth_method_check";`)
    this.addSql(`alter table "session" drop column "authenticated_at", drop column "auth_method", drop column "country";`)

    this.addSql(`alter table "subscription" alter column "user_id" set not null;`)
    this.addSql(
      `alter table "subscription" add constraint "subscription_user_id_foreign" foreign key ("user_id") references "app_user" ("id") on update no action on delete cascade;`,
    )
  }
}

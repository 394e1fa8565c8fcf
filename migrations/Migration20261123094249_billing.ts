import { Migration } from '@mikro-orm/migrations'

export class Migration20261123094249_billing extends Migration {
  override name = 'Migration20261123094249_billing'

  override up(): void | Promise<void> {
    this.addSql(`alter table "billing_event" add "amount_cents" int null, add "currency" varchar(3) null;`)

    this.addSql(`create index "subscription_pending_from_index" on "subscription" ("pending_from");`)
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "billing_event" drop column "amount_cents", drop column "currency";`)

    this.addSql(`drop index "subscription_pending_from_index";`)
  }
}

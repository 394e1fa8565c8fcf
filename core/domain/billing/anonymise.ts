/**
 * What a processor's notification keeps once its member deleted the account. The billing
 * records stay as bookkeeping law requires (docs/accounts.md, "What is kept"): the type, the
 * amounts, currencies, dates and the processor's ids of the subscription and the transaction;
 * the customer's country stays too (the place of supply of a digital service, for VAT). What
 * describes the person goes: name, postal address, e-mail, phone, IP address, user name, the
 * account id we passed through, card details, the page they came from. Any other value that
 * holds an '@' goes as well, in case a processor names a field in a way not foreseen here.
 */
const PERSONAL_FIELD =
  /mail|name|address|street|city|^state$|province|zip|postal|phone|mobile|^ip|user|custom|card|^bin$|last4|expdate|avs|cvv|referr|birth|iban|holder|password|secret/i

function isPersonalField(key: string, value: unknown): boolean {
  return PERSONAL_FIELD.test(key) || (typeof value === 'string' && value.includes('@'))
}

/** The stored fields of a notification without those that describe the person. */
export function anonymisedPayload(payload: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(payload).filter(([key, value]) => !isPersonalField(key, value)))
}

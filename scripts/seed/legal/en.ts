import type { LegalTexts } from './delta.js'

/** Synthetic sample texts of the demo installation; the operator replaces them. */
export default {
  tos: {
    title: 'Terms of service',
    body: `
# 1. Scope
These terms apply to every use of Streamclub, operated by **Streamclub Media GmbH** (a fictitious demo company, see the [legal notice](internal:/imprint)). By using the site you accept them.
# 2. Adults only
The site contains sexually explicit material. You may only use it if you are **at least 18 years old** or of legal age in your country, whichever is higher.
- Keep your login data secret and do not share your account.
- Do not let minors see the content.
- Do not copy, publish or resell content outside the rights your membership gives you.
# 3. Membership
A membership is billed *monthly*, *yearly* or *every two years* and renews automatically until cancelled. A trial, where offered, turns into the regular plan at its end.
1. You choose a plan on the membership page.
2. Our billing partner processes the payment.
3. Your access starts as soon as the payment is confirmed.
# 4. Cancellation
You can cancel at any time. The cancellation takes effect __at the end of the period already paid__; until then you keep full access.
# 5. Downloads
Downloads are only available with plans that include them and are limited per day. Downloaded content is for your **private use only**.
# 6. Content removal
If you believe content violates your rights, use the [report form](internal:/report). We process reports within 7 business days.
# 7. Changes
We may change these terms with notice by email. ~~Changes took effect immediately.~~ Changes take effect 30 days after the notice.
# 8. Contact
Questions? Use our [contact form](internal:/contact) or read the [FAQ](internal:/faq).
*This is a sample text of the demo installation.*
`,
  },
  privacy: {
    title: 'Privacy policy',
    body: `
# Who is responsible
Streamclub Media GmbH (a fictitious demo company) is responsible for processing your personal data on this site. Contact details are in the [legal notice](internal:/imprint).
# Which data we process
- **Account data:** email address, password (stored only as a secure hash), language.
- **Membership data:** plan, billing period and status; payment details stay with our billing partner.
- **Usage data:** favorites, watch-later list, ratings and which items you have viewed.
- **Messages:** what you send us through the contact or report form.
# Why we process it
1. To provide the membership you signed up for (contract).
2. To keep the site secure, for example against abuse of the forms (legitimate interest).
3. To meet legal duties such as record keeping (legal obligation).
# Cookies and local storage
We use a *session cookie* to keep you signed in and local storage for your language and the age confirmation. We do **not** use advertising cookies.
# How long we keep it
Account data is kept while your account exists. Messages and reports are deleted when they are no longer needed, at the latest after the legal retention periods.
# Your rights
You may ask for access, correction, deletion, restriction and portability of your data and object to its processing. Write to us through the [contact form](internal:/contact). You may also complain to a data protection authority.
*This is a sample text of the demo installation.*
`,
  },
  '2257': {
    title: '18 U.S.C. 2257 record-keeping statement',
    body: `
# Statement
All persons who appear in any visual depiction of actual or simulated sexually explicit conduct on this site were **at least 18 years old** at the time the depictions were created.
# Records
The records required by 18 U.S.C. 2257 and 28 C.F.R. 75 for all materials on this site are kept by the custodian of records:
- Custodian of records, Streamclub Media GmbH (fictitious demo company)
- Beispielstraße 1, 10115 Berlin, Germany
# Exempt content
Some content is exempt from these requirements because it does not depict sexually explicit conduct as defined by law.
# Reporting
If you believe that content shows a minor, report it at once through our [report form](internal:/report).
*This is a sample text of the demo installation.*
`,
  },
  imprint: {
    title: 'Legal notice',
    body: `
# Operator
**Streamclub Media GmbH** (fictitious demo company)
Beispielstraße 1, 10115 Berlin, Germany
# Represented by
Managing director: Alex Beispiel
# Contact
Please use our [contact form](internal:/contact). Email support answers 24/7 in German and English.
# Register
Commercial register: Local court of Berlin, HRB 000000 (example)
VAT ID: DE000000000 (example)
# Youth protection
Our youth protection officer can be reached through the [contact form](internal:/contact).
# Dispute resolution
We are neither obliged nor willing to take part in dispute resolution proceedings before a consumer arbitration board.
*This is a sample text of the demo installation.*
`,
  },
} satisfies LegalTexts

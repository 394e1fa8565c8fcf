import type { LegalTexts } from './delta.js'

/** Synthetische Beispieltexte der Demo-Installation; der Betreiber ersetzt sie. */
export default {
  tos: {
    title: 'Allgemeine Geschäftsbedingungen',
    body: `
# 1. Geltungsbereich
Diese Bedingungen gelten für jede Nutzung von Streamclub, betrieben von der **Streamclub Media GmbH** (ein fiktives Demo-Unternehmen, siehe [Impressum](internal:/imprint)). Mit der Nutzung der Website erkennst du sie an.
# 2. Nur für Erwachsene
Die Website enthält sexuell explizite Inhalte. Du darfst sie nur nutzen, wenn du **mindestens 18 Jahre alt** bist oder das in deinem Land geltende, höhere Mindestalter erreicht hast.
- Halte deine Zugangsdaten geheim und teile dein Konto nicht.
- Lass keine Minderjährigen die Inhalte sehen.
- Kopiere, veröffentliche oder verkaufe keine Inhalte über die Rechte deiner Mitgliedschaft hinaus.
# 3. Mitgliedschaft
Eine Mitgliedschaft wird *monatlich*, *jährlich* oder *alle zwei Jahre* abgerechnet und verlängert sich automatisch bis zur Kündigung. Ein Testzeitraum, falls angeboten, geht an seinem Ende in den regulären Tarif über.
1. Du wählst einen Tarif auf der Mitgliedschaftsseite.
2. Unser Abrechnungspartner wickelt die Zahlung ab.
3. Dein Zugang beginnt, sobald die Zahlung bestätigt ist.
# 4. Kündigung
Du kannst jederzeit kündigen. Die Kündigung wird __zum Ende des bereits bezahlten Zeitraums__ wirksam; bis dahin behältst du vollen Zugang.
# 5. Downloads
Downloads gibt es nur mit Tarifen, die sie enthalten, und sie sind pro Tag begrenzt. Heruntergeladene Inhalte sind **nur für deinen privaten Gebrauch** bestimmt.
# 6. Entfernung von Inhalten
Wenn du glaubst, dass Inhalte deine Rechte verletzen, nutze das [Meldeformular](internal:/report). Wir bearbeiten Meldungen innerhalb von 7 Werktagen.
# 7. Änderungen
Wir können diese Bedingungen mit Ankündigung per E-Mail ändern. ~~Änderungen galten sofort.~~ Änderungen gelten 30 Tage nach der Ankündigung.
# 8. Kontakt
Fragen? Nutze unser [Kontaktformular](internal:/contact) oder lies die [FAQ](internal:/faq).
*Dies ist ein Beispieltext der Demo-Installation.*
`,
  },
  privacy: {
    title: 'Datenschutzerklärung',
    body: `
# Verantwortlicher
Verantwortlich für die Verarbeitung deiner personenbezogenen Daten auf dieser Website ist die Streamclub Media GmbH (ein fiktives Demo-Unternehmen). Die Kontaktdaten stehen im [Impressum](internal:/imprint).
# Welche Daten wir verarbeiten
- **Kontodaten:** E-Mail-Adresse, Passwort (nur als sicherer Hash gespeichert), Sprache.
- **Mitgliedschaftsdaten:** Tarif, Abrechnungszeitraum und Status; Zahlungsdaten bleiben bei unserem Abrechnungspartner.
- **Nutzungsdaten:** Favoriten, Später-ansehen-Liste, Bewertungen und welche Inhalte du angesehen hast.
- **Nachrichten:** was du uns über das Kontakt- oder Meldeformular schickst.
# Wozu wir sie verarbeiten
1. Um die Mitgliedschaft bereitzustellen, die du abgeschlossen hast (Vertrag).
2. Um die Website sicher zu halten, etwa gegen Missbrauch der Formulare (berechtigtes Interesse).
3. Um gesetzliche Pflichten wie Aufbewahrungspflichten zu erfüllen (rechtliche Verpflichtung).
# Cookies und lokaler Speicher
Wir verwenden ein *Sitzungs-Cookie*, damit du angemeldet bleibst, und den lokalen Speicher für deine Sprache und die Altersbestätigung. Werbe-Cookies verwenden wir **nicht**.
# Speicherdauer
Kontodaten speichern wir, solange dein Konto besteht. Nachrichten und Meldungen löschen wir, wenn sie nicht mehr gebraucht werden, spätestens nach Ablauf der gesetzlichen Fristen.
# Deine Rechte
Du hast das Recht auf Auskunft, Berichtigung, Löschung, Einschränkung und Übertragbarkeit deiner Daten und kannst der Verarbeitung widersprechen. Schreib uns über das [Kontaktformular](internal:/contact). Außerdem kannst du dich bei einer Datenschutzaufsichtsbehörde beschweren.
*Dies ist ein Beispieltext der Demo-Installation.*
`,
  },
  '2257': {
    title: 'Erklärung nach 18 U.S.C. 2257',
    body: `
# Erklärung
Alle Personen, die in einer Darstellung tatsächlicher oder simulierter sexuell expliziter Handlungen auf dieser Website zu sehen sind, waren zum Zeitpunkt der Aufnahme **mindestens 18 Jahre alt**.
# Unterlagen
Die nach 18 U.S.C. 2257 und 28 C.F.R. 75 erforderlichen Unterlagen zu allen Inhalten dieser Website werden vom Verwahrer der Unterlagen aufbewahrt:
- Verwahrer der Unterlagen, Streamclub Media GmbH (fiktives Demo-Unternehmen)
- Beispielstraße 1, 10115 Berlin, Deutschland
# Ausgenommene Inhalte
Einige Inhalte sind von diesen Anforderungen ausgenommen, weil sie keine sexuell expliziten Handlungen im Sinne des Gesetzes zeigen.
# Meldungen
Wenn du glaubst, dass ein Inhalt eine minderjährige Person zeigt, melde ihn sofort über unser [Meldeformular](internal:/report).
*Dies ist ein Beispieltext der Demo-Installation.*
`,
  },
  imprint: {
    title: 'Impressum',
    body: `
# Anbieter
**Streamclub Media GmbH** (fiktives Demo-Unternehmen)
Beispielstraße 1, 10115 Berlin, Deutschland
# Vertreten durch
Geschäftsführung: Alex Beispiel
# Kontakt
Bitte nutze unser [Kontaktformular](internal:/contact). Der E-Mail-Support antwortet rund um die Uhr auf Deutsch und Englisch.
# Registereintrag
Handelsregister: Amtsgericht Berlin-Charlottenburg, HRB 000000 (Beispiel)
Umsatzsteuer-ID: DE000000000 (Beispiel)
# Jugendschutz
Unseren Jugendschutzbeauftragten erreichst du über das [Kontaktformular](internal:/contact).
# Streitschlichtung
Wir sind nicht bereit oder verpflichtet, an Streitbeilegungsverfahren vor einer Verbraucherschlichtungsstelle teilzunehmen.
*Dies ist ein Beispieltext der Demo-Installation.*
`,
  },
} satisfies LegalTexts

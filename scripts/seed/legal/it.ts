import type { LegalTexts } from './delta.js'

/** Testi di esempio sintetici dell'installazione dimostrativa. */
export default {
  tos: {
    title: "Condizioni d'uso",
    body: `
# 1. Ambito
Queste condizioni valgono per ogni uso di Streamclub, gestito da **Streamclub Media GmbH** (una società dimostrativa fittizia, vedi le [note legali](internal:/imprint)). Usando il sito le accetti.
# 2. Solo per adulti
Il sito contiene materiale sessualmente esplicito. Puoi usarlo solo se hai **almeno 18 anni** o la maggiore età del tuo paese, se più alta.
- Tieni segreti i tuoi dati di accesso e non condividere il tuo account.
- Non permettere ai minori di vedere i contenuti.
- Non copiare, pubblicare o rivendere contenuti oltre i diritti del tuo abbonamento.
# 3. Abbonamento
L'abbonamento è fatturato *ogni mese*, *ogni anno* o *ogni due anni* e si rinnova automaticamente fino alla disdetta. Un periodo di prova, se offerto, diventa il piano normale alla sua fine.
1. Scegli un piano nella pagina dell'abbonamento.
2. Il nostro partner di fatturazione elabora il pagamento.
3. Il tuo accesso inizia appena il pagamento è confermato.
# 4. Disdetta
Puoi disdire in qualsiasi momento. La disdetta ha effetto __alla fine del periodo già pagato__; fino ad allora mantieni l'accesso completo.
# 5. Download
I download sono disponibili solo con i piani che li includono e hanno un limite giornaliero. I contenuti scaricati sono **solo per uso privato**.
# 6. Rimozione di contenuti
Se ritieni che un contenuto violi i tuoi diritti, usa il [modulo di segnalazione](internal:/report). Gestiamo le segnalazioni entro 7 giorni lavorativi.
# 7. Modifiche
Possiamo modificare queste condizioni con preavviso via email. ~~Le modifiche valevano subito.~~ Le modifiche valgono 30 giorni dopo l'avviso.
# 8. Contatti
Domande? Usa il nostro [modulo di contatto](internal:/contact) o leggi le [FAQ](internal:/faq).
*Questo è un testo di esempio dell'installazione dimostrativa.*
`,
  },
  privacy: {
    title: 'Informativa sulla privacy',
    body: `
# Titolare del trattamento
Streamclub Media GmbH (una società dimostrativa fittizia) è titolare del trattamento dei tuoi dati personali su questo sito. I recapiti sono nelle [note legali](internal:/imprint).
# Quali dati trattiamo
- **Dati dell'account:** indirizzo email, password (salvata solo come hash sicuro), lingua.
- **Dati dell'abbonamento:** piano, periodo di fatturazione e stato; i dati di pagamento restano presso il nostro partner di fatturazione.
- **Dati di utilizzo:** preferiti, lista «guarda più tardi», valutazioni e contenuti visti.
- **Messaggi:** ciò che ci invii con il modulo di contatto o di segnalazione.
# Perché li trattiamo
1. Per fornire l'abbonamento che hai sottoscritto (contratto).
2. Per mantenere sicuro il sito, per esempio contro l'abuso dei moduli (interesse legittimo).
3. Per adempiere obblighi di legge come la conservazione dei documenti (obbligo legale).
# Cookie e archiviazione locale
Usiamo un *cookie di sessione* per mantenerti connesso e l'archiviazione locale per la lingua e la conferma dell'età. **Non** usiamo cookie pubblicitari.
# Per quanto tempo li conserviamo
Conserviamo i dati dell'account finché esiste il tuo account. Cancelliamo messaggi e segnalazioni quando non servono più, al più tardi alla scadenza dei termini di legge.
# I tuoi diritti
Puoi chiedere accesso, rettifica, cancellazione, limitazione e portabilità dei tuoi dati e opporti al loro trattamento. Scrivici tramite il [modulo di contatto](internal:/contact). Puoi anche presentare reclamo a un'autorità per la protezione dei dati.
*Questo è un testo di esempio dell'installazione dimostrativa.*
`,
  },
  '2257': {
    title: 'Dichiarazione 18 U.S.C. 2257',
    body: `
# Dichiarazione
Tutte le persone che compaiono in qualsiasi rappresentazione visiva di condotta sessualmente esplicita reale o simulata su questo sito avevano **almeno 18 anni** al momento della sua creazione.
# Registri
I registri richiesti da 18 U.S.C. 2257 e 28 C.F.R. 75 per tutti i materiali di questo sito sono conservati dal custode dei registri:
- Custode dei registri, Streamclub Media GmbH (società dimostrativa fittizia)
- Beispielstraße 1, 10115 Berlino, Germania
# Contenuti esenti
Alcuni contenuti sono esenti da questi requisiti perché non mostrano condotta sessualmente esplicita secondo la definizione di legge.
# Segnalazioni
Se ritieni che un contenuto mostri una persona minorenne, segnalalo subito con il nostro [modulo di segnalazione](internal:/report).
*Questo è un testo di esempio dell'installazione dimostrativa.*
`,
  },
  imprint: {
    title: 'Note legali',
    body: `
# Gestore
**Streamclub Media GmbH** (società dimostrativa fittizia)
Beispielstraße 1, 10115 Berlino, Germania
# Rappresentata da
Amministratore: Alex Beispiel
# Contatti
Usa il nostro [modulo di contatto](internal:/contact). Il supporto via email risponde 24/7 in tedesco e inglese.
# Registro
Registro delle imprese: tribunale di Berlino, HRB 000000 (esempio)
Partita IVA: DE000000000 (esempio)
# Tutela dei minori
Il nostro responsabile per la tutela dei minori è raggiungibile tramite il [modulo di contatto](internal:/contact).
# Risoluzione delle controversie
Non siamo obbligati né disposti a partecipare a procedure di risoluzione delle controversie davanti a un organismo di conciliazione per i consumatori.
*Questo è un testo di esempio dell'installazione dimostrativa.*
`,
  },
} satisfies LegalTexts

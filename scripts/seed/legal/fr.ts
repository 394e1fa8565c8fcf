import type { LegalTexts } from './delta.js'

/** Textes d'exemple synthétiques de l'installation de démonstration. */
export default {
  tos: {
    title: "Conditions d'utilisation",
    body: `
# 1. Champ d'application
Ces conditions s'appliquent à toute utilisation de Streamclub, exploité par **Streamclub Media GmbH** (une société de démonstration fictive, voir les [mentions légales](internal:/imprint)). En utilisant le site, vous les acceptez.
# 2. Réservé aux adultes
Le site contient du matériel sexuellement explicite. Vous ne pouvez l'utiliser que si vous avez **au moins 18 ans** ou l'âge de la majorité dans votre pays, s'il est plus élevé.
- Gardez vos identifiants secrets et ne partagez pas votre compte.
- Ne laissez pas de mineurs voir le contenu.
- Ne copiez, ne publiez et ne revendez aucun contenu au-delà des droits de votre abonnement.
# 3. Abonnement
L'abonnement est facturé *chaque mois*, *chaque année* ou *tous les deux ans* et se renouvelle automatiquement jusqu'à sa résiliation. Un essai, s'il est proposé, devient la formule normale à son terme.
1. Vous choisissez une formule sur la page d'abonnement.
2. Notre partenaire de facturation traite le paiement.
3. Votre accès commence dès que le paiement est confirmé.
# 4. Résiliation
Vous pouvez résilier à tout moment. La résiliation prend effet __à la fin de la période déjà payée__ ; jusque-là, vous gardez un accès complet.
# 5. Téléchargements
Les téléchargements ne sont disponibles qu'avec les formules qui les incluent et sont limités par jour. Le contenu téléchargé est réservé à **votre usage privé**.
# 6. Retrait de contenu
Si vous pensez qu'un contenu porte atteinte à vos droits, utilisez le [formulaire de signalement](internal:/report). Nous traitons les signalements sous 7 jours ouvrés.
# 7. Modifications
Nous pouvons modifier ces conditions en vous prévenant par e-mail. ~~Les modifications s'appliquaient immédiatement.~~ Les modifications s'appliquent 30 jours après l'avis.
# 8. Contact
Des questions ? Utilisez notre [formulaire de contact](internal:/contact) ou lisez la [FAQ](internal:/faq).
*Ceci est un texte d'exemple de l'installation de démonstration.*
`,
  },
  privacy: {
    title: 'Politique de confidentialité',
    body: `
# Responsable du traitement
Streamclub Media GmbH (une société de démonstration fictive) est responsable du traitement de vos données personnelles sur ce site. Les coordonnées figurent dans les [mentions légales](internal:/imprint).
# Données traitées
- **Données du compte :** adresse e-mail, mot de passe (stocké uniquement sous forme de hachage sécurisé), langue.
- **Données d'abonnement :** formule, période de facturation et statut ; les données de paiement restent chez notre partenaire de facturation.
- **Données d'utilisation :** favoris, liste « à regarder plus tard », évaluations et contenus consultés.
- **Messages :** ce que vous nous envoyez via le formulaire de contact ou de signalement.
# Finalités
1. Fournir l'abonnement que vous avez souscrit (contrat).
2. Assurer la sécurité du site, par exemple contre l'abus des formulaires (intérêt légitime).
3. Respecter des obligations légales comme la conservation de documents (obligation légale).
# Cookies et stockage local
Nous utilisons un *cookie de session* pour vous garder connecté et le stockage local pour votre langue et la confirmation d'âge. Nous n'utilisons **pas** de cookies publicitaires.
# Durée de conservation
Les données du compte sont conservées tant que votre compte existe. Les messages et signalements sont supprimés lorsqu'ils ne sont plus nécessaires, au plus tard à l'expiration des délais légaux.
# Vos droits
Vous pouvez demander l'accès, la rectification, l'effacement, la limitation et la portabilité de vos données et vous opposer à leur traitement. Écrivez-nous via le [formulaire de contact](internal:/contact). Vous pouvez aussi saisir une autorité de protection des données.
*Ceci est un texte d'exemple de l'installation de démonstration.*
`,
  },
  '2257': {
    title: 'Déclaration 18 U.S.C. 2257',
    body: `
# Déclaration
Toutes les personnes apparaissant dans une représentation visuelle d'un comportement sexuellement explicite réel ou simulé sur ce site avaient **au moins 18 ans** au moment de sa création.
# Registres
Les registres exigés par 18 U.S.C. 2257 et 28 C.F.R. 75 pour tous les contenus de ce site sont conservés par le dépositaire des registres :
- Dépositaire des registres, Streamclub Media GmbH (société de démonstration fictive)
- Beispielstraße 1, 10115 Berlin, Allemagne
# Contenus exemptés
Certains contenus sont exemptés de ces exigences car ils ne montrent pas de comportement sexuellement explicite au sens de la loi.
# Signalements
Si vous pensez qu'un contenu montre une personne mineure, signalez-le immédiatement via notre [formulaire de signalement](internal:/report).
*Ceci est un texte d'exemple de l'installation de démonstration.*
`,
  },
  imprint: {
    title: 'Mentions légales',
    body: `
# Éditeur
**Streamclub Media GmbH** (société de démonstration fictive)
Beispielstraße 1, 10115 Berlin, Allemagne
# Représentée par
Gérant : Alex Beispiel
# Contact
Veuillez utiliser notre [formulaire de contact](internal:/contact). Le support par e-mail répond 24/7 en allemand et en anglais.
# Registre
Registre du commerce : tribunal de Berlin, HRB 000000 (exemple)
N° de TVA : DE000000000 (exemple)
# Protection de la jeunesse
Notre responsable de la protection de la jeunesse est joignable via le [formulaire de contact](internal:/contact).
# Règlement des litiges
Nous ne sommes ni obligés ni disposés à participer à une procédure de règlement des litiges devant un organisme de médiation de la consommation.
*Ceci est un texte d'exemple de l'installation de démonstration.*
`,
  },
} satisfies LegalTexts

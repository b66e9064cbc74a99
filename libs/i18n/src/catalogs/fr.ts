import type { CatalogOf } from './catalog';
import type { en } from './en';

/** Français (Canada). Same keys as en.ts; plural keys add `_many`. docs/i18n.md */
export const fr: CatalogOf<typeof en> = {
  language: {
    label: 'Langue',
    en: 'English',
    fr: 'Français',
  },
  meetings: {
    details: {
      title: 'Détails de l’assemblée',
      saved: 'Détails enregistrés.',
      name: 'Nom',
      location: 'Lieu',
      date: 'Date et heure ({{zone}})',
      expiry: 'Fin du vote par anticipation ({{zone}})',
      duration: 'Durée (minutes)',
      quorum: 'Quorum (unités)',
      timeZone: 'Fuseau horaire',
      timeZoneHint:
        'Un nom IANA comme America/Toronto. Les dates ci-dessus suivent cette heure.',
      language: 'Langue par défaut',
      languageHint:
        'Pour les votants qui n’en ont pas choisi et dont le navigateur ne parle aucune des deux langues, et pour les courriels aux gestionnaires.',
      description: 'Description',
      save: 'Enregistrer les détails',
    },
    create: {
      date: 'Date et heure ({{zone}})',
    },
  },
  common: {
    yes: 'Oui',
    no: 'Non',
    edit: 'Modifier',
    close: 'Fermer',
    cancel: 'Annuler',
    delete: 'Supprimer',
    saving: 'Enregistrement…',
    sending: 'Envoi…',
    breadcrumbs: 'Fil d’Ariane',
    name: 'Nom',
    email: 'Courriel',
    unit: 'Unité',
    unitNamed: 'Unité {{unit}}',
    matter: 'Point',
    notFound: 'Page introuvable',
    goToConsole: 'Aller à la console',
    error: {
      status: 'Le serveur a répondu avec le code {{status}}.',
      cancelled: 'La requête a été annulée.',
      unreachable:
        'Le serveur est injoignable. Vérifiez votre connexion et réessayez.',
      answerShape:
        'La réponse du serveur n’a pas la forme attendue. Rechargez la page ; si cela se reproduit, prévenez votre administrateur.',
    },
  },
  signIn: {
    title: 'Connexion',
    email: 'Courriel',
    password: 'Mot de passe',
    oneTimeCode: 'Code à usage unique',
    oneTimeCodeHint:
      'Le code à 6 chiffres de votre application d’authentification.',
    submit: 'Se connecter',
    signingIn: 'Connexion…',
    expired: 'Votre session a pris fin. Reconnectez-vous pour continuer.',
  },
  accounts: {
    title: 'Comptes',
    search: 'Rechercher un compte',
    noMatch: 'Aucun compte ne correspond à « {{text}} ».',
    none: 'Vous n’êtes encore membre d’aucun compte.',
  },
  meetingSetup: {
    meetings: 'Assemblées',
    meetingsOf: 'Assemblées de {{account}}',
    search: 'Rechercher une assemblée',
    noMatch: 'Aucune assemblée ne correspond à « {{text}} ».',
    none: 'Aucune assemblée pour l’instant.',
    live: 'En direct',
    controlRoomOf: 'Salle de contrôle de {{name}}',
    dateAndCode: '{{date}} · code <code>{{code}}</code>',
    openControlRoom: 'Ouvrir la salle de contrôle',
    tabs: {
      label: 'Préparation de l’assemblée',
      details: 'Détails',
      members: 'Membres et votants',
      proxies: 'Procurations',
      audit: 'Journal d’audit',
      paperBallots: 'Bulletins papier',
      webcast: 'Webdiffusion',
    },
    create: {
      title: 'Nouvelle assemblée',
      type: 'Type',
      types: {
        agm: 'Assemblée générale annuelle',
        vbm: 'Réunion virtuelle du conseil',
        town: 'Assemblée publique',
        other: 'Autre',
      },
      creating: 'Création…',
      submit: 'Créer l’assemblée',
    },
    glance: {
      title: 'En bref',
      units: 'Unités',
      shares: 'Quotes-parts',
      voters: 'Votants',
      proxies: 'Procurations',
      connected: '{{voters}}, {{units}}',
      unit_one: '{{n}} unité',
      unit_many: '{{n}} unités',
      unit_other: '{{n}} unités',
    },
    settings: {
      title: 'Paramètres',
      saved: 'Paramètres enregistrés.',
      reminders: 'Intervalle des courriels de rappel (jours, 0 = désactivé)',
      starting:
        'Rappel « L’assemblée commence » (minutes avant, 0 = désactivé)',
      summary: 'Résumé aux gestionnaires',
      frequency: { daily: 'Quotidien', none: 'Aucun' },
      managers:
        'Envoyer aussi les rapports à (courriels, séparés par des virgules)',
      proxyHolders: 'Mandataires par défaut (un par ligne)',
      categories:
        'Catégories de questions (une par ligne ; aucune : les votants ne posent pas de questions)',
      doubleEntry:
        'Double saisie des votes en salle : un bulletin compte quand deux gestionnaires l’ont saisi de la même façon',
      save: 'Enregistrer les paramètres',
    },
  },
  members: {
    title: 'Membres et votants',
    inviteAll: 'Convoquer tous les votants non convoqués',
    invitedAll_one:
      '{{n}} convocation envoyée ; non envoyées : {{skipped}} (déjà convoqués ou courriels désactivés).',
    invitedAll_many:
      '{{n}} convocations envoyées ; non envoyées : {{skipped}} (déjà convoqués ou courriels désactivés).',
    invitedAll_other:
      '{{n}} convocations envoyées ; non envoyées : {{skipped}} (déjà convoqués ou courriels désactivés).',
    invitedAllFailed_one:
      '{{n}} convocation envoyée ; non envoyées : {{skipped}} (déjà convoqués ou courriels désactivés) ; échecs : {{failed}}, réessayez.',
    invitedAllFailed_many:
      '{{n}} convocations envoyées ; non envoyées : {{skipped}} (déjà convoqués ou courriels désactivés) ; échecs : {{failed}}, réessayez.',
    invitedAllFailed_other:
      '{{n}} convocations envoyées ; non envoyées : {{skipped}} (déjà convoqués ou courriels désactivés) ; échecs : {{failed}}, réessayez.',
    search: 'Rechercher par unité, nom du votant ou courriel',
    noMatch: 'Aucun membre ne correspond.',
    none: 'Aucun membre pour l’instant.',
    pages: 'Pages des membres',
    pageOf: 'Page {{page}} sur {{pages}} · {{members}}',
    member_one: '{{n}} membre',
    member_many: '{{n}} membres',
    member_other: '{{n}} membres',
    table: {
      caption: 'Les membres et leurs votants',
      unit: 'Unité',
      shares: 'Quotes-parts',
      eligible: 'Habilité',
      controlNumber: 'Numéro de contrôle',
      voters: 'Votants',
      actions: 'Actions',
      noVoter: 'Aucun votant',
      invited: 'Convocation envoyée le {{at}}',
      notInvited: 'Aucune convocation',
      inviteSent: 'Convocation envoyée à {{email}}.',
      sendInvite: 'Envoyer la convocation',
      sendInviteTo: 'Envoyer la convocation à {{name}}',
      sendAgain: 'Envoyer de nouveau',
      sendAgainTo: 'Envoyer de nouveau à {{name}}',
      link: 'Lien / QR',
      linkOf: 'Lien / QR de {{name}}',
      editUnit: 'Modifier l’unité {{unit}}',
      deleteUnit: 'Supprimer l’unité {{unit}}…',
      delete: 'Supprimer…',
      deleteTitle: 'Supprimer l’unité {{unit}} ?',
      deleteBody:
        'Supprimer l’unité <strong>{{unit}}</strong> et ses votants ?',
      keep: 'La garder',
    },
    add: {
      title: 'Ajouter un membre',
      voterName: 'Nom du votant',
      voterEmail: 'Courriel du votant',
      adding: 'Ajout…',
      submit: 'Ajouter le membre',
    },
    edit: {
      tags: 'Étiquettes (séparées par des virgules)',
      eligible: 'Habilité à voter',
      save: 'Enregistrer l’unité',
      voter: 'Votant {{name}}',
      voterSaved: 'Votant enregistré.',
      saveVoter: 'Enregistrer le votant {{name}}',
    },
    import: {
      title: 'Importer un fichier CSV',
      hint: 'Une ligne d’en-tête (<c>unit</c> obligatoire ; <c>shares</c>, <c>eligible</c>, <c>controlNumber</c>, <c>tags</c> séparées par « ; », les champs <c>mail…</c>, <c>voterName</c>, <c>voterEmail</c>), puis une ligne par votant. Tout ou rien : rien n’est enregistré si une ligne est erronée.',
      example: 'Exemple',
      file: 'Fichier CSV',
      refused_one: 'Rien n’a été importé : {{n}} ligne est à corriger.',
      refused_many: 'Rien n’a été importé : {{n}} lignes sont à corriger.',
      refused_other: 'Rien n’a été importé : {{n}} lignes sont à corriger.',
      problems: 'Problèmes dans le fichier',
      line: 'Ligne {{line}} : {{message}}',
      wouldImport:
        'Le fichier est valide : il importerait {{members}} et {{voters}}.',
      imported: '{{members}} et {{voters}} importés.',
      voter_one: '{{n}} votant',
      voter_many: '{{n}} votants',
      voter_other: '{{n}} votants',
      check: 'Vérifier le fichier',
      importing: 'Importation…',
      submit: 'Importer',
    },
    link: {
      title: 'Lien personnel de {{name}}, unité {{unit}}',
      hint: 'Laissez le copropriétaire balayer le code avec l’appareil photo de son téléphone. Quiconque a ce lien vote pour l’unité : ne le montrez qu’au copropriétaire.',
      making: 'Création du lien…',
      qr: 'Code QR du lien personnel de {{name}}',
      label: 'Lien personnel',
      copy: 'Copier le lien',
      copied: 'Lien copié.',
      copyRefused:
        'Ce navigateur n’a pas permis de copier : sélectionnez le lien et copiez-le.',
    },
  },
  portal: {
    title: 'Portail de l’assemblée',
    meeting: 'Assemblée',
    opening: 'Ouverture de votre lien personnel…',
    who: '{{name}}, unité {{unit}}',
    signOut: 'Se déconnecter',
    openNow: 'Vote ouvert : {{names}}.',
    noneOpen: 'Aucun vote n’est ouvert pour l’instant.',
    voteNow: 'Voter maintenant',
    waiting:
      'Aucun vote n’est ouvert pour l’instant. Cette page se met à jour d’elle-même quand la présidence en ouvre un.',
    early: 'Vote par anticipation',
    earlyHint:
      'Vous pouvez voter avant l’assemblée jusqu’au {{when}}. Un vote pendant l’assemblée le remplace.',
    closed: 'Clos',
    timeLeft: 'Temps restant pour voter',
    entry: {
      title: 'Entrer avec votre numéro de contrôle',
      hint: 'Utilisez le lien personnel de votre courriel de convocation, ou saisissez le numéro de contrôle de votre avis de convocation.',
      controlNumber: 'Numéro de contrôle',
      name: 'Votre nom',
      email: 'Votre courriel',
      join: 'Rejoindre l’assemblée',
      joining: 'Connexion…',
    },
    ballot: {
      notEligible: 'Votre unité n’est pas habilitée à voter sur ce point.',
      loading: 'Chargement de votre bulletin…',
      closed: 'Le vote sur ce point est clos.',
      didNotVote: 'Votre unité n’a pas voté.',
      confirmTitle: 'Confirmez votre vote',
      youChose: 'Votre choix :',
      sending: 'Envoi…',
      confirm: 'Confirmer mon vote',
      back: 'Retour',
      change: 'Modifier mon vote',
      chooseOne: 'Choisissez une option.',
      chooseUpTo_one: 'Choisissez jusqu’à {{count}} option.',
      chooseUpTo_many: 'Choisissez jusqu’à {{count}} options.',
      chooseUpTo_other: 'Choisissez jusqu’à {{count}} options.',
      chosen: '{{chosen}} sur {{limit}} choisies.',
      chosenFull:
        '{{chosen}} sur {{limit}} choisies — retirez-en une pour en choisir une autre.',
      review: 'Vérifier mon vote',
    },
    receipt: {
      early: 'Votre vote par anticipation est enregistré',
      live: 'Votre vote est enregistré',
      receipt: 'reçu',
      yourReceipt: 'Votre reçu :',
      keepIt:
        'Gardez-le : une fois le décompte publié, vous pourrez l’y retrouver et vérifier que votre vote a été compté. Il ne montre jamais qui vous êtes.',
    },
  },
  ui: {
    loading: 'Chargement…',
  },
  matters: {
    title: 'Points à l’ordre du jour, dans l’ordre où ils sont votés',
    none: 'Aucun point pour l’instant.',
    status: {
      pending: 'Pas commencé',
      live: 'En cours',
      closed: 'Clos',
    },
    upTo_one: 'jusqu’à {{n}} choix',
    upTo_many: 'jusqu’à {{n}} choix',
    upTo_other: 'jusqu’à {{n}} choix',
    noProxy: 'sans vote par anticipation',
    secret: 'scrutin secret',
    open: 'scrutin ouvert',
    up: 'Monter',
    upLabel: 'Monter {{name}}',
    down: 'Descendre',
    downLabel: 'Descendre {{name}}',
    edit: 'Modifier',
    editLabel: 'Modifier {{name}}',
    delete: 'Supprimer',
    deleteLabel: 'Supprimer {{name}}',
    confirmDelete: 'Supprimer le point « {{name}} » ?',
    editTitle: 'Modifier « {{name}} »',
    save: 'Enregistrer le point',
    newTitle: 'Nouveau point',
    add: 'Ajouter le point',
    tooManyChoices: 'choix : au plus {{n}}, le nombre d’options.',
    form: {
      name: 'Nom',
      header: 'Question présentée aux votants',
      options: 'Options (une par ligne)',
      snippet: 'Précisions (facultatif)',
      choices: 'Nombre de choix permis par votant',
      eligibility: 'Qui vote (étiquettes des membres)',
      eligibilityHint:
        '« all » pour tous les membres habilités, ou des étiquettes séparées par des virgules.',
      proxy: 'Accepter les votes par anticipation (procurations)',
      secret: 'Scrutin secret',
      secretHint:
        'Pendant le vote, la présidence et l’écran voient combien ont voté ; les résultats par option s’affichent à la clôture.',
      allVoted: 'Clore quand tous ont voté',
      allVotedHint:
        'Le vote se clôt dès que tous les membres habilités ont voté, avant la fin du temps prévu.',
      openVerification:
        'Vérification ouverte : publier les choix de chaque reçu',
      openVerificationHint:
        'Après la clôture, le décompte publié liste chaque reçu compté avec son poids ; avec cette option, aussi son vote, pour que chacun puisse recompter. Un reçu prouve alors comment son titulaire a voté. L’option ne peut plus être activée une fois que le point contient des votes.',
    },
  },
  resultSettings: {
    title: 'Quorum et résultats',
    saved: 'Paramètres enregistrés.',
    basis: 'Quorum calculé en',
    basisUnits: 'Unités (membres)',
    basisShares: 'Quotes-parts',
    percent: 'Quorum en pourcentage des membres habilités',
    percentHint: 'Vide : le quorum minimal de l’assemblée s’applique.',
    flag: {
      quorumIncludesProxies:
        'Les membres représentés par procuration comptent pour le quorum',
      requireQuorumToStart:
        'Refuser d’ouvrir un vote sans quorum (la présidence peut passer outre)',
      requireSignOff:
        'Publier les résultats seulement après la validation d’un scrutateur',
      oneLiveMatter: 'Un seul vote ouvert à la fois',
    },
    save: 'Enregistrer quorum et résultats',
    rule: {
      legend: 'Majorité requise',
      threshold: 'Seuil',
      preset: {
        ordinary: 'Plus de la moitié (résolution ordinaire)',
        special: 'Au moins les deux tiers (résolution spéciale)',
        threeQuarters: 'Au moins les trois quarts',
        unanimous: 'La totalité (unanimité)',
      },
      other: 'Une autre fraction…',
      countedBy: 'Calculée en',
      basis: {
        shares: 'Quotes-parts',
        units: 'Unités (une voix par membre)',
        both: 'Unités et quotes-parts',
      },
      of: 'Sur',
      base: {
        cast: 'Voix exprimées (abstentions exclues)',
        present: 'Membres présents ou représentés',
        eligible: 'Tous les membres habilités',
      },
      numerator: 'Numérateur',
      denominator: 'Dénominateur',
      strict: 'Strictement plus de',
      locked: 'Le point contient des votes : sa règle ne peut plus changer.',
    },
    signOff: {
      open: 'Valider le résultat…',
      title: 'Valider le résultat ?',
      notYet: 'Pas encore',
      confirm: 'Valider',
      body: 'Valider le résultat de <strong>{{name}}</strong> : <strong>{{verdict}}</strong> ? Votre nom figurera au rapport.',
      bodyPublish:
        'Valider le résultat de <strong>{{name}}</strong> : <strong>{{verdict}}</strong> ? Votre nom figurera au rapport, et le résultat sera publié aux votants.',
    },
  },
  paperBallots: {
    title: 'Bulletins papier',
    hint: 'Saisissez un bulletin remis sur papier par un copropriétaire. Le vote de l’unité elle-même (en ligne, par anticipation ou en direct) et celui de son mandataire l’emportent sur un bulletin papier.',
    recorded: 'Bulletin papier enregistré pour l’unité {{unit}} : {{choices}}.',
    chooseMatter: 'Choisissez un point…',
    chooseUnit: 'Choisissez une unité…',
    unitOption: '{{unit}} ({{name}})',
    question: '{{question}} : unité {{unit}}',
    record: 'Enregistrer le bulletin papier',
  },
  proxiesStaff: {
    counts: 'Nombre de procurations',
    standing: 'Procurations en vigueur',
    verified: 'Vérifiées',
    toVerify: 'À vérifier',
    online: 'En ligne',
    onPaper: '{{n}} sur papier',
    title: 'Procurations',
    status: 'État',
    all: 'Toutes',
    holder: 'Mandataire',
    holderOption: '{{name}} ({{n}})',
    statusName: {
      submitted: 'À vérifier',
      verified: 'Vérifiée',
      rejected: 'Refusée',
      withdrawn: 'Retirée',
      revoked: 'Révoquée',
    },
    none: 'Aucune procuration ne correspond.',
    unit: 'Unité',
    directions: 'Consignes',
    received: 'Reçue',
    actions: 'Actions',
    isDefault: '(par défaut)',
    receivedPaper: 'Sur papier, {{at}}',
    receivedOnline: 'En ligne, {{at}}',
    signed: 'signée par {{name}}',
    verify: 'Vérifier',
    verifyLabel: 'Vérifier l’unité {{unit}}',
    reject: 'Refuser',
    rejectLabel: 'Refuser l’unité {{unit}}',
    reason: 'Motif communiqué à l’unité {{unit}}',
    paper: {
      title: 'Saisir une procuration papier',
      problemDirect:
        'Choisissez au moins une option là où le vote fait l’objet d’une consigne.',
      entered:
        'Procuration de l’unité {{unit}} saisie ; vérifiez-la dans la liste.',
      chooseUnit: 'Choisissez une unité',
      holder: 'Mandataire',
      named: 'Une personne nommée sur le formulaire',
      holderName: 'Nom du mandataire',
      holderEmail: 'Courriel du mandataire',
      signedBy: 'Signée par',
      scan: 'Copie numérisée (conservée avec les documents de l’assemblée)',
      entering: 'Saisie…',
      enter: 'Saisir la procuration',
    },
    holders: {
      title: 'Mandataires',
      counts: '{{proxies}}, {{shares}}',
      present: 'Présent',
      presentLabel: '{{name}} est présent',
      voteFor: 'Voter pour {{name}}',
      votesOf: 'Votes de {{name}}',
    },
  },
  auditLog: {
    title: 'Journal d’audit',
    hint: 'Chaque action de la présidence et des gestionnaires sur cette assemblée, avec qui, quand et d’où. Rien ici ne peut être modifié ni supprimé ; chaque entrée est scellée dans la chaîne de hachage de l’assemblée.',
    filter: 'Filtrer le journal d’audit',
    kind: 'Type',
    from: 'Du ({{zone}})',
    to: 'Au ({{zone}})',
    export: 'Exporter',
    exportCsv: 'Exporter en CSV',
    exportJsonl: 'Exporter en JSON Lines',
    entries: 'Entrées du journal',
    column: {
      when: 'Quand',
      what: 'Quoi',
      who: 'Qui',
      from: 'Provenance',
      on: 'Objet',
      changes: 'Modifications',
    },
    none: 'Aucune entrée.',
    partner: 'partenaire {{id}}',
    gateway: 'la passerelle',
    family: {
      all: 'Tout',
      matter:
        'Vote : ouverture, clôture, prolongation, réouverture, modifications',
      member: 'Membres',
      voter: 'Votants',
      import: 'Importations',
      proxy: 'Procurations',
      ballot: 'Votes enregistrés par les gestionnaires',
      holder: 'Votes pour les mandataires par défaut',
      floor: 'Votes en salle',
      checkIn: 'Arrivées à l’accueil',
      result: 'Validation',
      meeting: 'Détails et paramètres de l’assemblée',
    },
  },
  webcast: {
    title: 'Webdiffusion',
    none: 'Aucune webdiffusion pour l’instant. Choisissez-en le type pour en préparer une pour cette assemblée.',
    saved: 'Webdiffusion enregistrée.',
    kind: 'Type de webdiffusion',
    provider: {
      webinar: 'Webinaire : le conseil parle, les membres regardent',
      meeting: 'Réunion : tout le monde peut parler',
    },
    rehearsal: 'Répétition ({{zone}}, facultatif)',
    minutes: 'Durée de la répétition (minutes)',
    save: 'Enregistrer la webdiffusion',
    setUp: 'Préparer la webdiffusion',
    start: 'Lancer la webdiffusion',
    started: 'Lancée.',
    notStarted: 'Pas encore lancée.',
    rehearsalAt: 'Répétition le {{at}}.',
    capacity:
      'Plus de membres pourraient se joindre que la salle n’en accueille ({{webinar}} en webinaire, {{meeting}} en réunion).',
    openRoom: 'Ouvrir la salle de l’hôte (nouvel onglet)',
    starting: 'Lancement…',
    getLink: 'Obtenir le lien de démarrage de l’hôte',
  },
  screenLink: {
    noToken:
      'Ce lien d’écran n’a pas de jeton. Demandez un nouveau lien d’écran à la présidence.',
  },
  live: {
    timeLeft: 'Temps restant',
    minute_one: '{{count}} minute',
    minute_many: '{{count}} minutes',
    minute_other: '{{count}} minutes',
    second_one: '{{count}} seconde',
    second_many: '{{count}} secondes',
    second_other: '{{count}} secondes',
    online: 'Connecté',
    legendVotes: 'Barre épaisse : voix (une par unité)',
    legendShares: 'Barre fine : quotes-parts',
    connecting: 'Connexion…',
    offline:
      'Hors ligne — reconnexion en cours. Ce que vous voyez n’est peut-être plus à jour.',
    refused: 'Le canal en direct a refusé cette connexion.',
    refusedUnauthorized: 'Ce lien ou cette connexion n’est plus valide.',
    status: {
      pending: 'Pas commencé',
      live: 'Vote ouvert',
      closed: 'Clos',
    },
    connectedNow: 'Connectés maintenant',
    voters_one: '{{n}} votant',
    voters_many: '{{n}} votants',
    voters_other: '{{n}} votants',
    fromUnits_one: 'de {{n}} unité',
    fromUnits_many: 'de {{n}} d’unités',
    fromUnits_other: 'de {{n}} unités',
    quorum: 'Quorum',
    met: 'Atteint',
    notMet: 'Non atteint',
    quorumNeeded:
      'présentes : {{present}} + par procuration : {{proxies}} = {{counted}} (quorum : {{required}} {{basis}})',
    quorumWordMet: 'Quorum atteint',
    quorumWordNotMet: 'Quorum non atteint',
    basis: {
      units_one: 'unité',
      units_many: 'unités',
      units_other: 'unités',
      shares_one: 'quote-part',
      shares_many: 'quotes-parts',
      shares_other: 'quotes-parts',
    },
    tally: 'Décompte',
    liveTally: 'Décompte en direct',
    finalTally: 'Décompte final',
    votesCast_one: 'voix exprimée',
    votesCast_many: 'voix exprimées',
    votesCast_other: 'voix exprimées',
    ofEligible_one: 'sur {{n}} habilité',
    ofEligible_many: 'sur {{n}} habilités',
    ofEligible_other: 'sur {{n}} habilités',
    votes_one: '{{n}} voix',
    votes_many: '{{n}} voix',
    votes_other: '{{n}} voix',
    shares_one: '{{n}} quote-part',
    shares_many: '{{n}} quotes-parts',
    shares_other: '{{n}} quotes-parts',
    sharesCast_one: '{{n}} quote-part exprimée',
    sharesCast_many: '{{n}} quotes-parts exprimées',
    sharesCast_other: '{{n}} quotes-parts exprimées',
    byProxy: '{{n}} par procuration',
    withheld: 'Les résultats s’affichent à la clôture du vote.',
  },
  room: {
    title: 'Salle de contrôle',
    /** after the title, the meeting's name */
    titleName: ' : {{name}}',
    checkInDesk: 'Table d’inscription',
    floorBallots: 'Votes en salle',
    resultsReport: 'Rapport des résultats',
    matterReport: 'Rapport de ce point',
    publishedCount: 'Décompte publié de ce point',
    closedAt: 'clos le {{at}}',
    matters: 'Points à l’ordre du jour',
    noMatters:
      'Cette assemblée n’a encore aucun point. Ajoutez-les sous Points à l’ordre du jour.',
    whoConnected: 'Qui est connecté',
    nobodyConnected: 'Personne n’est connecté.',
    connectedVoters: 'Copropriétaires connectés',
    notVoted: 'N’ont pas encore voté',
    notVotedCount: 'N’ont pas encore voté ({{n}})',
    allVoted: 'Toutes les unités habilitées ont voté.',
    notVotedUnits: 'Unités qui n’ont pas voté',
    noVoterOnFile: 'aucun votant au dossier',
    notVotedSearch: 'Rechercher parmi les unités qui n’ont pas voté',
    notVotedSearchHint: 'Unité, nom ou courriel',
    notVotedNoMatch: 'Aucune unité qui n’a pas voté ne correspond.',
    notVotedPages: 'Pages des unités qui n’ont pas voté',
    previousPage: 'Précédente',
    nextPage: 'Suivante',
    pageOf: 'Page {{page}} sur {{pages}}',
    andMore: 'et {{n}} de plus',
    openScreen: 'Ouvrir l’écran des scrutateurs',
    screenLink: 'Lien de l’écran des scrutateurs',
    screenTokens: {
      title: 'Liens d’écran en service',
      none: 'Aucun lien d’écran en service.',
      item: 'Créé par {{by}}, {{at}}',
      until: 'valide jusqu’à {{at}}',
      seen: 'vu pour la dernière fois {{at}}',
      neverSeen: 'jamais ouvert',
      yours: 'le lien ci-dessus',
      revoke: 'Révoquer',
      revokeLabel: 'Révoquer le lien d’écran créé par {{by}}, {{at}}',
      confirmRevoke:
        'Révoquer ce lien d’écran ? Les écrans ouverts avec lui s’éteignent aussitôt.',
    },
    presetMinutes: '{{n}} min',
    custom: 'Autre durée…',
    inSeconds: '{{label}} (secondes)',
    announce: {
      opened: 'Le vote est ouvert sur {{name}}.',
      closed: 'Le vote est clos sur {{name}}.',
      result: '{{name}} : {{verdict}}{{elected}}.',
      lastMinute: 'Il reste une minute pour voter sur {{name}}.',
    },
    controls: {
      start: 'Ouvrir le vote',
      reopen: 'Rouvrir le vote…',
      votingTime: 'Durée du vote',
      noQuorumTitle: 'Ouvrir sans quorum ?',
      noQuorumCancel: 'Ne pas ouvrir',
      noQuorumConfirm: 'Ouvrir sans quorum',
      noQuorumBody:
        'L’ouverture de <strong>{{name}}</strong> malgré tout est inscrite au rapport des résultats avec votre nom.',
      reopenTitle: 'Rouvrir le vote ?',
      reopenCancel: 'Le laisser clos',
      reopenConfirm: 'Rouvrir le vote',
      reopenBody:
        'Rouvrir le vote sur <strong>{{name}}</strong> ? Son résultat est retiré (avec toute approbation) jusqu’à sa nouvelle clôture ; les bulletins déjà déposés restent.',
      extendVoting: 'Prolonger le vote',
      plusMinutes: '+{{n}} min',
      extendBy: 'Prolonger de',
      extend: 'Prolonger',
      stopTitle: 'Clore le vote ?',
      stopCancel: 'Garder le vote ouvert',
      stopConfirm: 'Clore maintenant',
      stopBody:
        'Clore le vote sur <strong>{{name}}</strong> maintenant ? Les copropriétaires ne pourront plus voter ni modifier leur vote.',
      stop: 'Clore le vote…',
    },
  },
  forms: {
    invalid: 'Le formulaire n’est pas valide.',
    issue: '{{field}} : {{problem}}',
    problem: {
      required: 'obligatoire',
      shortText_one: 'au moins {{n}} caractère',
      shortText_many: 'au moins {{n}} caractères',
      shortText_other: 'au moins {{n}} caractères',
      longText_one: 'au plus {{n}} caractère',
      longText_many: 'au plus {{n}} caractères',
      longText_other: 'au plus {{n}} caractères',
      fewItems_one: 'au moins {{n}} élément',
      fewItems_many: 'au moins {{n}} éléments',
      fewItems_other: 'au moins {{n}} éléments',
      manyItems_one: 'au plus {{n}} élément',
      manyItems_many: 'au plus {{n}} éléments',
      manyItems_other: 'au plus {{n}} éléments',
      atLeast: '{{n}} ou plus',
      above: 'plus de {{n}}',
      atMost: '{{n}} ou moins',
      below: 'moins de {{n}}',
      number: 'un nombre',
      wholeNumber: 'un nombre entier',
      email: 'adresse invalide',
      dateTime: 'date et heure invalides',
      choice: 'ne fait pas partie des choix',
      decimals: 'au plus 6 décimales',
      controlNumber: 'lettres, chiffres et traits d’union seulement',
      tagCharacters: 'sans virgule, point-virgule ni deux-points',
      tagAll: '« all » est réservé',
      timeZone: 'un fuseau horaire IANA, par exemple America/Toronto',
      duplicate: '« {{value}} » figure deux fois',
      invalid: 'valeur invalide',
    },
    split: {
      wholeCounts: 'Les nombres de voix doivent être entiers.',
      noVote: 'Attribuez au moins une voix.',
      tooMany:
        'Vous détenez {{held}} voix à votre discrétion ; ce vote en attribue {{total}}.',
    },
  },
  questions: {
    title: 'Questions',
    none: 'Aucune question ici.',
    newCount: 'Nouvelles : {{n}}',
    show_filter: 'Afficher',
    filter: { open: 'À traiter', all: 'Toutes' },
    status: {
      new: 'Nouvelle',
      approved: 'Acceptée',
      answered: 'Répondue',
      dismissed: 'Écartée',
    },
    item: 'Question de l’unité {{unit}}',
    onScreen: 'À l’écran',
    reply: 'Réponse :',
    approve: 'Accepter',
    approveLabel: 'Accepter la question de l’unité {{unit}}',
    show: 'Afficher à l’écran',
    showLabel: 'Afficher à l’écran : la question de l’unité {{unit}}',
    takeOff: 'Retirer de l’écran',
    takeOffLabel: 'Retirer de l’écran : la question de l’unité {{unit}}',
    answered: 'Répondue',
    answeredLabel: 'Marquer la question de l’unité {{unit}} comme répondue',
    dismiss: 'Écarter',
    dismissLabel: 'Écarter la question de l’unité {{unit}}',
    replyButton: 'Répondre',
    replyLabel: 'Répondre par écrit à l’unité {{unit}}',
    writtenReply: 'Réponse écrite à l’unité {{unit}}',
    sendReply: 'Envoyer la réponse',
    ask: {
      title: 'Poser une question',
      category: 'Catégorie',
      yourQuestion: 'Votre question',
      hint: '{{length}} / {{max}} caractères. La présidence lit les questions et peut afficher la vôtre au grand écran (sans votre nom) ou y répondre par écrit.',
      send: 'Envoyer la question',
      sent: 'Votre question a été transmise à la présidence.',
      closed: 'L’assemblée ne prend plus de questions.',
      yours: 'Vos questions',
      replyFromChair: 'Réponse de la présidence :',
      status: {
        new: 'Transmise à la présidence',
        approved: 'Retenue par la présidence',
        answered: 'Répondue',
        dismissed: 'Non retenue',
      },
    },
  },
  nominations: {
    title: 'Candidatures',
    tab: 'Candidatures',
    deadline: {
      open: 'Les membres proposent des candidat·e·s dans le portail jusqu’au {{when}}.',
      closed: 'Candidatures closes le {{when}}.',
      unset:
        'Aucune date limite de candidature n’est fixée : les membres ne peuvent pas proposer de candidat·e. Fixez-la dans les détails de l’assemblée.',
    },
    filter: 'Statut',
    all: 'Toutes',
    status: {
      submitted: 'À examiner',
      accepted: 'Acceptée',
      rejected: 'Refusée',
      withdrawn: 'Retirée',
    },
    none: 'Aucune candidature ici.',
    list: 'Candidatures',
    byUnit: 'Proposée par l’unité {{unit}} · {{when}}',
    statement: 'Présentation',
    noStatement: 'Aucune présentation.',
    accept: 'Accepter',
    acceptLabel: 'Accepter la candidature de {{name}}',
    reject: 'Refuser',
    rejectLabel: 'Refuser la candidature de {{name}}',
    reason: 'Motif du refus de {{name}}',
    sendReject: 'Refuser la candidature',
    cancel: 'Annuler',
    rejectedBecause: 'Refusée : {{reason}}',
    election: {
      title: 'Créer l’élection à partir des candidatures acceptées',
      hint_one:
        'Le bulletin présente le ou la candidat·e accepté·e avec sa présentation.',
      hint_many:
        'Le bulletin présente les {{count}} candidat·e·s accepté·e·s dans l’ordre de leur acceptation, chacun·e avec sa présentation.',
      hint_other:
        'Le bulletin présente les {{count}} candidat·e·s accepté·e·s dans l’ordre de leur acceptation, chacun·e avec sa présentation.',
      waiting:
        'Une fois les candidatures closes, les candidat·e·s accepté·e·s forment ici une élection.',
      noneAccepted: 'Acceptez au moins une candidature pour créer l’élection.',
      name: 'Nom de l’élection',
      defaultName: 'Élection des administrateurs',
      seats: 'Sièges à pourvoir',
      method: 'Mode de scrutin',
      methods: {
        plurality: 'Pluralité',
        cumulative: 'Cumulatif',
        ranked: 'Préférentiel',
      },
      create: 'Créer l’élection',
      created_one:
        'L’élection « {{name}} » a été créée avec {{count}} candidat·e.',
      created_many:
        'L’élection « {{name}} » a été créée avec {{count}} candidat·e·s.',
      created_other:
        'L’élection « {{name}} » a été créée avec {{count}} candidat·e·s.',
    },
    portal: {
      title: 'Proposer un·e candidat·e',
      until: 'Les candidatures sont ouvertes jusqu’au {{when}}.',
      closed: 'Les candidatures sont closes.',
      name: 'Nom du ou de la candidat·e',
      statement: 'Présentation du ou de la candidat·e',
      statementCount: '{{length}} / {{max}} caractères',
      email: 'Courriel du ou de la candidat·e (facultatif)',
      emailHint:
        'La personne reçoit un courriel lui indiquant qu’elle a été proposée.',
      consent: 'La personne a accepté de se présenter à l’élection.',
      send: 'Envoyer la candidature',
      sent: 'Votre proposition de {{name}} a été transmise aux organisateurs.',
      yours: 'Vos candidatures',
      withdraw: 'Retirer',
      withdrawLabel: 'Retirer la candidature de {{name}}',
      status: {
        submitted: 'En attente d’examen',
        accepted: 'Acceptée',
        rejected: 'Non retenue',
        withdrawn: 'Retirée',
      },
    },
    candidates: {
      title: 'Présentations des candidat·e·s',
      statementOf: 'Présentation de {{name}}',
    },
  },
  checkIn: {
    unitName: 'Unité {{unit}} : {{name}}',
    checkIn: 'Enregistrer l’arrivée',
    checkOut: 'Enregistrer le départ',
    checkInLabel: 'Enregistrer l’arrivée de {{name}}, unité {{unit}}',
    checkOutLabel: 'Enregistrer le départ de {{name}}, unité {{unit}}',
    rsvp: {
      title: 'Serez-vous présent ?',
      inPerson: 'En personne',
      online: 'En ligne',
      no: 'Je ne serai pas présent',
      answer: {
        in_person: 'en personne',
        online: 'en ligne',
        no: 'absent',
      },
      answered:
        'Votre réponse : {{answer}}. Vous pouvez la modifier jusqu’au {{until}}.',
      pleaseAnswer: 'Veuillez répondre avant le {{until}}.',
      said: 'Votre réponse : {{answer}}.',
    },
    code: {
      title: 'Accueil à l’assemblée',
      show: 'Afficher mon code d’accueil',
      hide: 'Masquer mon code d’accueil',
      qr: 'Code QR d’accueil',
      checkedIn: 'Votre arrivée est enregistrée.',
      showAtDesk: 'Présentez-le à l’accueil.',
      byCode: 'Arrivée par code',
      label: 'Code d’accueil',
      scan: 'Lire avec la caméra',
      stopCamera: 'Arrêter la caméra',
      starting: 'Démarrage de la caméra…',
      camera: 'Caméra',
      cameraFailed:
        'La caméra n’a pas pu s’ouvrir. Autorisez-la dans le navigateur, ou tapez le code.',
    },
    desk: {
      inTheRoom: 'Dans la salle',
      votersCheckedIn_one: 'votant arrivé',
      votersCheckedIn_many: 'votants arrivés',
      votersCheckedIn_other: 'votants arrivés',
      unitsInRoom_one: '{{n}} unité dans la salle',
      unitsInRoom_many: '{{n}} d’unités dans la salle',
      unitsInRoom_other: '{{n}} unités dans la salle',
      checkedInWho: 'Arrivée enregistrée : {{name}}, unité {{unit}}.',
      already: 'Arrivée déjà enregistrée : {{name}}, unité {{unit}}.',
      checkedOut: 'Départ enregistré : {{name}}, unité {{unit}}.',
      proxyRevoked:
        'Sa procuration est révoquée : cette personne vote elle-même.',
    },
    list: {
      title: 'Présents maintenant',
      nobody: 'Personne n’est encore arrivé.',
      label: 'Présents',
      since: 'depuis {{at}}',
    },
    search: {
      title: 'Trouver un copropriétaire',
      label: 'Unité, nom ou courriel',
      none: 'Aucun copropriétaire ne correspond à « {{text}} ».',
      found: 'Copropriétaires trouvés',
      in: 'Arrivé',
      notIn: 'Pas encore arrivé',
      rsvp: 'Réponse : {{answer}}',
    },
    walkIn: {
      title: 'Sans invitation',
      hint: 'Un copropriétaire sans invitation : le numéro de contrôle figure sur l’avis de convocation de l’assemblée.',
      controlNumber: 'Numéro de contrôle',
      name: 'Nom',
      email: 'Courriel',
      submit: 'Inscrire et enregistrer l’arrivée',
    },
  },
  receipts: {
    title: 'Vos reçus',
    loading: 'Chargement de vos reçus…',
    loadingCount: 'Chargement du décompte…',
    none: 'Aucun bulletin de votre part pour l’instant.',
    state: { counts: 'Compté', replaced: 'Remplacé', withdrawn: 'Retiré' },
    lookupTitle: 'Retrouver votre reçu dans le décompte publié',
    matter: 'Point',
    chooseMatter: 'Choisissez un point clos',
    code: 'Code du reçu',
    lookUp: 'Vérifier',
    notACode: 'Ce n’est pas un code de reçu : 16 lettres et chiffres.',
    found: 'Trouvé : {{code}} a été compté avec un poids de {{weight}}.',
    foundFor:
      'Trouvé : {{code}} a été compté avec un poids de {{weight}}, pour {{choices}}.',
    missing_one:
      '{{code}} ne figure pas au décompte de ce point ({{n}} bulletin compté).',
    missing_many:
      '{{code}} ne figure pas parmi les {{n}} de bulletins comptés de ce point.',
    missing_other:
      '{{code}} ne figure pas parmi les {{n}} bulletins comptés de ce point.',
    copy: 'Copier',
    copied: 'Copié',
    email: 'M’envoyer mon reçu par courriel',
    sentTo: 'Envoyé à {{to}}.',
  },
  published: {
    back: 'Retour à la salle de contrôle',
    title: 'Décompte publié',
    titleOf: 'Décompte publié : {{name}}',
    publishedAt:
      'Publié le {{at}} : les copropriétaires peuvent y retrouver leurs reçus.',
    notYet:
      'Pas encore publié : les copropriétaires le verront dès qu’un scrutateur aura approuvé le résultat.',
    recountOpen:
      'Quiconque a cette liste peut recompter le résultat option par option.',
    recountTurnout:
      'Quiconque a cette liste peut recompter la participation (les choix ne sont pas listés : la vérification ouverte est désactivée).',
    find: 'Trouver un reçu',
    counted: '{{code}} est compté.',
    notCounted: '{{code}} ne figure pas au décompte.',
    summary_one: '{{ballots}} bulletin compté · {{shares}} · résultat',
    summary_many: '{{ballots}} de bulletins comptés · {{shares}} · résultat',
    summary_other: '{{ballots}} bulletins comptés · {{shares}} · résultat',
    totalsOf: 'Totaux de {{name}}',
    receiptsOf: 'Reçus comptés de {{name}}',
    option: 'Option',
    ballots: 'Bulletins',
    shares: 'Quotes-parts',
    receipt: 'Reçu',
    weight: 'Poids ({{basis}})',
    weightShares: 'quotes-parts',
    weightVotes: 'voix',
    choices: 'Choix',
    chain: 'Chaîne de hachage à la clôture : maillon {{position}},',
  },
  documents: {
    title: 'Documents',
    meetingDocuments: 'Documents de l’assemblée',
    download: 'Télécharger',
    downloadLabel: 'Télécharger {{name}}',
    bytes: '{{n}} o',
    kilobytes: '{{n}} Ko',
    megabytes: '{{n}} Mo',
    forMembers: 'Documents pour les copropriétaires',
    none: 'Aucun document pour l’instant.',
    list: 'Documents',
    added: '{{size}} · ajouté le {{at}}',
    confirmDelete: 'Supprimer {{name}} ?',
    uploadTitle: 'Téléverser un document',
    tooBig: 'Le fichier fait {{size}} ; la limite est de {{limit}}.',
    addedAlert: 'Document ajouté.',
    file: 'Fichier',
    upload: 'Téléverser',
    uploading: 'Téléversement…',
  },
  proxyForm: {
    title: 'Procuration',
    status: {
      submitted: 'Reçue, en attente de vérification',
      verified: 'Vérifiée',
      rejected: 'Refusée',
      withdrawn: 'Retirée',
      revoked: 'Révoquée : vous assistez à l’assemblée',
    },
    replace: 'Remplacer ma procuration',
    withdraw: 'Retirer ma procuration',
    intro:
      'Vous ne pouvez pas assister à l’assemblée ? Désignez quelqu’un pour voter pour votre unité, jusqu’au {{until}}. Votre présence à l’assemblée la révoque.',
    yours: 'Votre procuration',
    holder: 'Mandataire : {{holder}}',
    reason: 'Motif : {{reason}}',
    direction: '{{matter}} : {{direction}}',
    aMatter: 'Un point',
    discretion: 'à la discrétion du mandataire',
    signedBy: 'Signée par {{name}} le {{at}}.',
    problemDirect:
      'Choisissez au moins une option là où vous donnez une consigne de vote.',
    problemSign: 'Cochez la case pour signer la procuration.',
    form: 'Formulaire de procuration',
    who: 'Qui vote pour votre unité',
    someoneElse: 'Une autre personne',
    theirName: 'Son nom complet',
    theirEmail: 'Son courriel',
    theyGetLink: 'Cette personne recevra un lien pour voter à votre place.',
    how: 'Comment votre mandataire vote',
    signature: 'Votre nom complet (votre signature)',
    agree:
      'Je désigne ce mandataire pour voter pour mon unité comme indiqué ci-dessus, et je signe cette procuration en tapant mon nom.',
    sending: 'Envoi…',
    send: 'Signer et envoyer ma procuration',
    letDecide: 'Laisser mon mandataire décider',
    upTo: 'Jusqu’à {{n}} choix.',
    iDirect: 'Je donne une consigne de vote',
  },
  holder: {
    title: 'Mandataire',
    openWithLink:
      'Ouvrez cette page avec le lien du courriel que vous avez reçu.',
    who: 'Mandataire : {{name}}',
    yourProxies: 'Vos procurations',
    proxies_one: '{{n}} procuration',
    proxies_many: '{{n}} procurations',
    proxies_other: '{{n}} procurations',
    shares_one: '{{n}} quote-part',
    shares_many: '{{n}} quotes-parts',
    shares_other: '{{n}} quotes-parts',
    summary:
      'Vous détenez {{proxies}}, {{shares}} : {{directed}} avec consignes, {{discretionary}} à votre discrétion.',
    summaryOf:
      '{{name}} détient {{proxies}}, {{shares}} : {{directed}} avec consignes, {{discretionary}} à sa discrétion.',
    present: 'Votre arrivée est enregistrée',
    checkIn: 'Enregistrer mon arrivée : je suis présent',
    units: 'Les unités que vous représentez',
    unitLine: 'Unité {{unit}} ({{shares}}) : {{directions}}',
    noMatter: 'Aucun point ne reçoit de votes par procuration.',
    directed_one:
      '{{n}} procuration avec consignes (comptée selon les consignes à l’ouverture du vote)',
    directed_many:
      '{{n}} procurations avec consignes (comptées selon les consignes à l’ouverture du vote)',
    directed_other:
      '{{n}} procurations avec consignes (comptées selon les consignes à l’ouverture du vote)',
    directedCounted_one:
      '{{n}} procuration avec consignes (comptée selon les consignes)',
    directedCounted_many:
      '{{n}} de procurations avec consignes (comptées selon les consignes)',
    directedCounted_other:
      '{{n}} procurations avec consignes (comptées selon les consignes)',
    discretionary_one: '{{n}} procuration à votre discrétion',
    discretionary_many: '{{n}} procurations à votre discrétion',
    discretionary_other: '{{n}} procurations à votre discrétion',
    votesOn: 'Vos votes sur {{name}}',
    yourVotes: 'Vos votes :',
    heldLine: '{{proxies}} à votre discrétion ({{shares}}).',
    allFor: 'Les {{n}} : {{option}}',
    group: 'Groupe {{n}}',
    votesForGroup: 'Votes du groupe {{n}}',
    votesFor: 'Votes : {{option}}',
    addGroup: 'Ajouter un groupe',
    casting: 'Vote en cours…',
    cast_one: 'Exprimer {{n}} vote',
    cast_many: 'Exprimer {{n}} votes',
    cast_other: 'Exprimer {{n}} votes',
  },
  floor: {
    doubleEntry: 'Double saisie',
    noneOpen:
      'Aucun vote n’est ouvert. Les bulletins en salle se saisissent pendant qu’un point est ouvert au vote.',
    enterSheet: 'Saisir un bulletin',
    state: {
      pending: 'En attente de l’autre saisie',
      mismatch: 'Les saisies diffèrent',
      lapsed: 'Caduc : saisi avant la clôture du vote ; jamais compté',
    },
    notCountedLabel: 'Bulletins pas encore comptés',
    notCounted: 'Pas encore comptés',
    allAgree: 'Tous les bulletins saisis deux fois concordent.',
    sheetLabel: 'Unité {{unit}} : {{state}}',
    entryBy: 'Saisie {{entry}} par {{name}} : {{choices}}',
    discard: 'Écarter la saisie {{entry}} de l’unité {{unit}}',
    resolveHint:
      'Pour résoudre un écart, relisez le bulletin et saisissez-le de nouveau comme saisie 1 ou 2 (par un autre commis que celui qui a tapé l’autre saisie), ou écartez une saisie.',
    outcome: {
      counted: 'Unité {{unit}} : {{chosen}}, compté.',
      pending:
        'Unité {{unit}} : {{chosen}}, en attente de l’autre saisie de ce bulletin.',
      mismatch:
        'Unité {{unit}} : les deux saisies diffèrent ; relisez le bulletin et saisissez-le de nouveau, ou écartez-en une ci-dessous.',
    },
    noUnit: 'Aucune unité {{unit}} dans cette assemblée.',
    unitProblem: 'Unité {{unit}} : {{problem}}',
    clerkTypes: 'Ce commis saisit',
    entry: 'Saisie {{n}}',
    unit: 'Unité',
    hint: 'Tapez l’unité et appuyez sur Entrée ; puis le numéro de l’option, et Entrée pour enregistrer. Échap revient à l’unité.',
    choicesFor: 'Choix de l’unité {{unit}}',
    upTo: '(jusqu’à {{n}} choix)',
    save: 'Enregistrer (Entrée)',
    back: 'Retour (Échap)',
  },
  consoleHeader: {
    skip: 'Aller au contenu',
    account: 'Compte',
  },
  reportLinks: {
    pdf: 'Rapport des résultats (PDF)',
    matterPdf: 'Rapport du point (PDF)',
    csv: 'Données (CSV)',
  },
  results: {
    toPass: 'Pour être adoptée : {{rule}}.',
    forecastLabel: 'Prévision',
    resultLabel: 'Résultat',
    forecast: {
      carried: {
        title: 'Déjà adoptée',
        detail: 'Elle passe quoi que fassent les membres qui n’ont pas voté.',
      },
      defeated: {
        title: 'Ne peut plus être adoptée',
        detail:
          'Elle échoue même si tous les membres qui n’ont pas voté votent pour.',
      },
      open: {
        title: 'Encore ouverte',
        detail: 'Les membres qui n’ont pas voté peuvent encore la décider.',
      },
    },
    secretNoForecast:
      'Scrutin secret : aucune prévision avant la clôture du vote.',
    pendingVoter: 'Résultat en attente',
    counting: 'Calcul du résultat…',
    publishedHere: 'Le résultat est publié ici une fois définitif.',
    votesPerOption: 'Voix par option',
    option: 'Option',
    units: 'Unités',
    shares: 'Quotes-parts',
    signedOff: 'Validé par {{by}}.',
    signedOffAt: 'Validé par {{by}}, {{at}}.',
    publishedAtClose: 'Publié aux votants à la clôture.',
    awaitingSignOff:
      'En attente de la validation d’un scrutateur : pas encore publié aux votants.',
  },
  screen: {
    waiting: 'En attente de l’ouverture d’un vote par la présidence.',
    noneOpen: 'Aucun vote n’est ouvert',
    next: 'Suivant :',
    lastVote: 'Dernier vote :',
    askedQuestion: 'Question de la salle',
    quorumMet:
      'Quorum atteint : présentes : {{present}} + par procuration : {{proxies}} = {{counted}} sur {{required}} {{basis}}',
    quorumNotMet:
      'Quorum non atteint : présentes : {{present}} + par procuration : {{proxies}} = {{counted}} sur {{required}} {{basis}}',
    connected_one: '{{voters}} votant connecté {{units}}',
    connected_many: '{{voters}} de votants connectés {{units}}',
    connected_other: '{{voters}} votants connectés {{units}}',
  },
  verdict: {
    carried: 'Adoptée',
    defeated: 'Rejetée',
    tied: 'Égalité',
    elected: 'Élus',
    strict: 'plus de {{fraction}}',
    atLeast: 'au moins {{fraction}}',
    fraction: {
      '1/1': 'la totalité',
      '1/2': 'la moitié',
      '1/3': 'le tiers',
      '2/3': 'les deux tiers',
      '1/4': 'le quart',
      '3/4': 'les trois quarts',
      '3/5': 'les trois cinquièmes',
      '4/5': 'les quatre cinquièmes',
    },
    base: {
      cast: 'des voix exprimées',
      present: 'des membres présents ou représentés',
      eligible: 'des membres habilités à voter',
    },
    basis: {
      shares: 'en quotes-parts',
      units: 'en unités',
      both: 'en unités et en quotes-parts',
    },
    rule: '{{threshold}} {{base}}, {{basis}}',
    share: '{{units}} {{base}} en unités, {{shares}} en quotes-parts',
    ruleSuffix: ' ; le seuil était {{rule}}',
    statement: {
      carried: 'Adoptée par {{share}}{{rule}}.',
      defeated: 'Rejetée avec {{share}}{{rule}}.',
      elected: 'Élus : {{names}}, le premier avec {{share}}{{rule}}.',
      tiedElected:
        'Égalité : {{elected}} élus ; {{tied}} à égalité pour les sièges restants.',
      tiedLead: 'Égalité : {{tied}} en tête avec {{share}} chacun.',
      election: '{{method}} : {{names}}, {{base}}.',
      electionNone: '{{counted}} : personne n’est élu.',
      electionCounted: '{{counted}}.',
      tiedForLastSeat_one:
        'Égalité pour le dernier siège : {{tied}} ({{share}} chacun).',
      tiedForLastSeat_other:
        'Égalité pour les {{count}} derniers sièges : {{tied}} ({{share}} chacun).',
      tiedForLastSeat_many:
        'Égalité pour les {{count}} derniers sièges : {{tied}} ({{share}} chacun).',
      tieBroken: '{{names}} élu(s) par {{method}}.',
      tieBrokenNote: '{{names}} élu(s) par {{method}} ({{note}}).',
    },
    method: {
      plurality: 'Élus à la pluralité des voix',
      cumulative: 'Élus par vote cumulatif',
      ranked_one: 'Élus par vote préférentiel ({{count}} tour)',
      ranked_other: 'Élus par vote préférentiel ({{count}} tours)',
      ranked_many: 'Élus par vote préférentiel ({{count}} tours)',
    },
    counted: {
      plurality: 'Dépouillé à la pluralité des voix',
      cumulative: 'Dépouillé par vote cumulatif',
      ranked_one: 'Dépouillé par vote préférentiel ({{count}} tour)',
      ranked_other: 'Dépouillé par vote préférentiel ({{count}} tours)',
      ranked_many: 'Dépouillé par vote préférentiel ({{count}} tours)',
    },
    electionBase: {
      plurality: 'des bulletins exprimés',
      cumulative: 'des voix attribuées',
      ranked: 'des bulletins valides',
    },
    electionShare: {
      units: '{{units}}',
      shares: '{{shares}}',
      both: '{{units}} en unités, {{shares}} en quotes-parts',
    },
    electionBaseBasis: {
      units: '{{base}} en unités',
      shares: '{{base}} en quotes-parts',
      both: '{{base}}',
    },
    electedName: '{{name}} ({{share}})',
    electionRule: {
      plurality_one:
        'pluralité des voix : l’option qui obtient le plus de voix est élue, {{basis}}',
      plurality_other:
        'pluralité des voix : les {{count}} options qui obtiennent le plus de voix sont élues, {{basis}}',
      plurality_many:
        'pluralité des voix : les {{count}} options qui obtiennent le plus de voix sont élues, {{basis}}',
      cumulative_one:
        'vote cumulatif : chaque membre attribue {{count}} voix pondérée par ses quotes-parts, et l’option qui en obtient le plus est élue, {{basis}}',
      cumulative_other:
        'vote cumulatif : chaque membre attribue jusqu’à {{count}} voix pondérées par ses quotes-parts à une ou plusieurs options, et les {{count}} qui en obtiennent le plus sont élues, {{basis}}',
      cumulative_many:
        'vote cumulatif : chaque membre attribue jusqu’à {{count}} voix pondérées par ses quotes-parts à une ou plusieurs options, et les {{count}} qui en obtiennent le plus sont élues, {{basis}}',
      ranked_one:
        'vote préférentiel à second tour instantané : une option qui obtient plus de la moitié des voix restantes est élue, la dernière étant éliminée à chaque tour, {{basis}}',
      ranked_other:
        'vote unique transférable pour {{count}} sièges : quotient de Droop, excédents transférés à valeur fractionnaire, {{basis}}',
      ranked_many:
        'vote unique transférable pour {{count}} sièges : quotient de Droop, excédents transférés à valeur fractionnaire, {{basis}}',
    },
    tieBreakMethod: {
      lot: 'tirage au sort',
      casting_vote: 'voix prépondérante',
      other: 'décision de la présidence',
    },
  },
  tieBreak: {
    notTied: '« {{option}} » n’est pas l’une des options à égalité : {{tied}}',
    twice: '« {{option}} » est nommée deux fois',
    count_one:
      'nommez exactement {{count}} des options à égalité : il reste un siège',
    count_other:
      'nommez exactement {{count}} des options à égalité : il reste {{count}} sièges',
    count_many:
      'nommez exactement {{count}} des options à égalité : il reste {{count}} sièges',
  },
  problemTitles: {
    '400': 'Requête invalide',
    '401': 'Non authentifié',
    '403': 'Accès refusé',
    '404': 'Introuvable',
    '405': 'Méthode non permise',
    '409': 'Conflit',
    '413': 'Requête trop volumineuse',
    '415': 'Type de contenu non pris en charge',
    '422': 'Requête non traitable',
    '429': 'Trop de requêtes',
    '500': 'Erreur interne du serveur',
    '503': 'Service indisponible',
  },
  importLines: {
    csv_syntax: 'Le fichier n’est pas un CSV valide : {{reason}}',
    not_csv: 'Le fichier n’est pas un CSV valide.',
    unknown_column:
      'colonne inconnue « {{name}} » ; les colonnes sont {{columns}}',
    column_twice: 'la colonne « {{column}} » figure deux fois',
    unit_column_required: 'la colonne unit (l’unité) est obligatoire',
    voter_columns_together:
      'les colonnes voterName et voterEmail vont ensemble : donnez les deux ou aucune',
    too_many_rows: 'au plus {{max}} lignes peuvent être importées à la fois',
    unit_required: 'l’unité (colonne unit) est obligatoire',
    too_long: '{{column}} dépasse {{max}} caractères',
    shares:
      'shares « {{value}} » n’est pas une quote-part valide : un nombre ≥ 0 d’au plus 6 décimales',
    eligible:
      'eligible « {{value}} » n’est pas l’une des valeurs true, false, yes, no, 1, 0',
    control_number:
      'controlNumber « {{value}} » n’est pas un numéro de contrôle valide : de 4 à 64 lettres, chiffres et traits d’union',
    tag_reserved: 'l’étiquette « {{value}} » est réservée',
    tag_too_long: 'l’étiquette « {{value}} » dépasse {{max}} caractères',
    tag_characters:
      'l’étiquette « {{value}} » contient une virgule, un point-virgule ou un deux-points',
    differs:
      '{{column}} « {{value}} » de l’unité {{unit}} diffère de la ligne {{firstLine}} (« {{first}} »), la première ligne de l’unité',
    differs_empty:
      '{{column}} « {{value}} » de l’unité {{unit}} diffère de la ligne {{firstLine}} (vide), la première ligne de l’unité',
    voter_name_required:
      'le nom du votant (voterName) est obligatoire lorsque son courriel (voterEmail) est donné',
    voter_email_required:
      'le courriel du votant (voterEmail) est obligatoire lorsque son nom (voterName) est donné',
    voter_email_invalid: 'voterEmail « {{value}} » : adresse courriel invalide',
    voter_twice:
      'le votant {{email}} de l’unité {{unit}} figure déjà à la ligne {{seen}}',
    control_number_twice:
      'le numéro de contrôle {{controlNumber}} de l’unité {{unit}} est aussi attribué à l’unité {{other}} à la ligne {{otherLine}}',
    control_number_taken:
      'le numéro de contrôle {{controlNumber}} appartient déjà à l’unité {{holder}} de cette assemblée',
  },
  problems: {
    emails_disabled_invite: 'Ce votant a désactivé tous les courriels.',
    mail_not_sent:
      'Le serveur de courriel n’a pas accepté la convocation ; réessayez.',
    account_not_found: 'Compte introuvable.',
    user_not_found:
      'Aucun utilisateur n’a cette adresse courriel ; les utilisateurs sont créés avec l’outil d’administration (CLI).',
    already_member: 'Cet utilisateur fait déjà partie de ce compte.',
    not_member: 'Cet utilisateur ne fait pas partie de ce compte.',
    last_user: 'Le dernier utilisateur d’un compte ne peut pas être retiré.',
    own_roles:
      'Un utilisateur ne peut pas modifier ses propres rôles : un autre utilisateur du compte (ou l’outil d’administration) s’en charge.',
    check_in_code_invalid:
      'Ce n’est pas un code d’inscription de cette assemblée. Vérifiez le code, ou cherchez le votant par unité ou par nom.',
    check_in_code_expired:
      'Ce code d’inscription a expiré : l’assemblée est terminée.',
    voter_not_found: 'Votant introuvable.',
    member_not_found_control_number:
      'Aucune unité de cette assemblée n’a ce numéro de contrôle.',
    meeting_over: 'L’assemblée est terminée : les inscriptions sont closes.',
    rsvp_closed:
      'L’assemblée a commencé : les réponses à la convocation sont closes.',
    meeting_not_found: 'Assemblée introuvable.',
    document_not_found: 'Document introuvable.',
    screen_token_not_found:
      'Aucun jeton d’écran de cette assemblée ne porte cette clé (il a pu expirer ou être révoqué).',
    file_required:
      'Le corps multipart doit contenir le document dans le champ « file ».',
    unsupported_media_type_document:
      'Les documents sont téléversés en multipart/form-data.',
    document_too_large: 'Un document fait au plus 25 Mio.',
    unknown_upload:
      'Cette clé n’est pas celle d’un document téléversé dans cette assemblée.',
    size_mismatch: 'La taille ne correspond pas au document téléversé.',
    document_already_registered:
      'Ce téléversement est déjà enregistré comme document.',
    invalid_download_link: 'Le lien de téléchargement n’est pas valide.',
    download_link_expired:
      'Le lien de téléchargement a expiré ; ouvrez de nouveau le document pour en obtenir un autre.',
    member_not_found: 'Membre introuvable.',
    double_entry_required:
      'L’assemblée saisit chaque feuille deux fois : saisissez-la sur la page des votes en salle (POST .../floor-ballots), une fois par chacun de deux gestionnaires.',
    member_absent:
      'Ce membre n’est pas présent à l’assemblée ; les votes en salle sont réservés aux membres présents.',
    not_double_entry:
      'L’assemblée n’est pas en mode double saisie : une feuille est saisie une seule fois (saisie 1).',
    same_clerk:
      'L’autre saisie de cette feuille est la vôtre : un deuxième gestionnaire doit la saisir de nouveau.',
    entry_not_found:
      'Aucune saisie en salle en attente ne correspond sur ce point.',
    matter_not_found: 'Point introuvable.',
    matter_live:
      'Un point en cours de vote ne peut être ni modifié ni supprimé ; arrêtez-le d’abord.',
    matter_has_ballots:
      'Le point a déjà reçu des votes : il ne peut pas être supprimé, ni changer d’options ou de règle de majorité, ni réduire le nombre de choix.',
    too_many_matters:
      'Cette assemblée compte déjà {{max}} points, le plus qu’une assemblée puisse en compter.',
    report_busy:
      'Votre compte prépare déjà autant de rapports qu’il le peut ; réessayez dans quelques secondes.',
    too_many_choices_matter:
      'Le nombre de choix doit être entre 1 et le nombre d’options.',
    invalid_exclusion: 'Chaque exclusion doit être l’une des options.',
    secret_ballot_locked:
      'Le point a reçu des votes secrets : il ne peut pas devenir un vote à découvert.',
    invalid_dates:
      'Le vote par anticipation (expiryDate) doit se terminer avant la fin de l’assemblée.',
    short_code_unavailable:
      'Aucun code court libre n’a été trouvé ; réessayez.',
    unit_taken: 'Un autre membre de cette assemblée a déjà cette unité.',
    control_number_taken:
      'Un autre membre de cette assemblée a déjà ce numéro de contrôle.',
    voter_email_taken:
      'Ce membre a déjà un votant avec cette adresse courriel.',
    member_has_ballots: 'Ce membre a des votes et ne peut pas être supprimé.',
    voter_has_ballots: 'Ce votant a voté et ne peut pas être supprimé.',
    unsupported_media_type_csv: 'L’importation attend un corps text/csv.',
    csv_empty: 'Le fichier CSV est vide.',
    invalid_invite: 'Le lien d’invitation n’est pas valide ou a expiré.',
    invalid_control_number:
      'Aucun membre de cette assemblée n’a ce numéro de contrôle.',
    ballot_not_found: 'Votre unité n’a pas de vote sur ce point.',
    rate_limited: 'Trop de tentatives ; réessayez plus tard.',
    voter_exists:
      'Cette adresse est déjà inscrite pour cette unité. Connectez-vous avec le lien personnel envoyé à cette adresse ; nous le renvoyons, au plus toutes les 15 minutes.',
    proxy_not_found: 'Procuration introuvable.',
    holder_not_found: 'Mandataire introuvable.',
    proxy_closed:
      'Les procurations sont closes depuis la date limite de l’assemblée (expiryDate).',
    proxy_not_pending:
      'Seule une procuration soumise peut être vérifiée ou refusée ; ce n’est pas le cas de celle-ci.',
    unknown_default_holder:
      'Ce nom ne figure pas parmi les mandataires par défaut de l’assemblée.',
    invalid_direction:
      'Une instruction de vote vise un point que cette assemblée n’a pas, ou le vise deux fois.',
    direction_not_allowed:
      'Une instruction de vote vise un point qui n’accepte pas les votes par procuration.',
    not_eligible_direction:
      'Une instruction de vote vise un point sur lequel ce membre n’est pas habilité à voter.',
    invalid_choice_proxy:
      'Un choix ne fait pas partie des options de son point.',
    too_many_choices_proxy: 'Plus de choix que le point n’en permet.',
    duplicate_choice: 'La même option a été choisie deux fois.',
    unknown_document: 'scanKey n’est pas un document de cette assemblée.',
    too_many_votes:
      'La répartition compte plus de votes que les procurations discrétionnaires détenues sur ce point.',
    matter_not_live: 'Le vote sur ce point n’est pas ouvert.',
    proxy_not_allowed: 'Ce point n’accepte pas les votes par procuration.',
    not_default_holder:
      'Les gestionnaires votent seulement pour les mandataires par défaut de l’assemblée ; les autres mandataires votent avec leur propre lien.',
    invalid_holder_token: 'Le lien de mandataire n’est pas valide ou a expiré.',
    too_many_proxies:
      'Cette unité a soumis autant de procurations qu’une assemblée en accepte d’une unité ; demandez aux gestionnaires de l’assemblée d’inscrire tout changement.',
    too_many_new_holders:
      'L’assemblée a reçu beaucoup de nouveaux mandataires en peu de temps ; choisissez l’un de ses mandataires par défaut, ou réessayez plus tard.',
    question_not_found: 'Question introuvable.',
    unknown_category:
      'Ce n’est pas l’une des catégories de questions de l’assemblée.',
    questions_closed:
      'L’assemblée est terminée ; elle n’accepte plus de questions.',
    question_not_approved:
      'Seule une question approuvée ou répondue peut aller sur le grand écran.',
    rate_limited_packets:
      'Trop de messages sur cette connexion ; elle a été fermée. Reconnectez-vous et envoyez moins souvent.',
    rate_limited_subscribes:
      'Trop d’abonnements attendent sur cette connexion ; attendez leurs réponses.',
    rate_limited_questions:
      'Trop de questions à la fois ; réessayez dans une minute.',
    too_many_questions:
      'Votre unité a déjà autant de questions en attente qu’elle le peut ; reposez-la quand la présidence les aura traitées.',
    question_queue_full:
      'La présidence a trop de questions en attente ; reposez la vôtre quand certaines auront été traitées.',
    nomination_not_found: 'Candidature introuvable.',
    nominations_closed:
      'Les candidatures sont closes pour cette assemblée (la date limite est passée, ou aucune n’a été fixée).',
    nominations_open:
      'Les candidatures sont encore ouvertes : l’élection se construit à partir d’elles une fois closes.',
    no_accepted_nominations:
      'Aucune candidature n’a été acceptée : acceptez-en au moins une avant de créer l’élection.',
    too_many_nominations:
      'Votre unité a déjà 3 candidatures en cours ; retirez-en une pour proposer quelqu’un d’autre.',
    nomination_not_submitted:
      'Cette candidature a déjà été traitée ou retirée.',
    rate_limited_nominations:
      'Trop de candidatures à la fois ; réessayez dans une minute.',
    invalid_unsubscribe_token:
      'Ce lien de désabonnement n’est pas valide ou a expiré.',
    voter_not_found_unsubscribe:
      'Le votant de ce lien de désabonnement n’existe plus.',
    quorum_not_met:
      'Le quorum n’est pas atteint. L’assemblée exige le quorum pour ouvrir un vote ; ouvrez-le sans quorum pour passer outre (ce sera consigné avec votre nom).',
    another_matter_live:
      'Un autre point de l’assemblée est en cours de vote ; l’assemblée n’en permet qu’un à la fois. Arrêtez-le d’abord.',
    not_a_scrutineer:
      'Seul un scrutateur de l’assemblée peut approuver les résultats.',
    invalid_scrutineer:
      'Chaque scrutateur nommé doit être un utilisateur du compte ayant le rôle de scrutateur.',
    matter_not_closed: 'Seul un point clos peut être approuvé.',
    already_signed_off: 'Le résultat de cette fermeture est déjà approuvé.',
    result_not_ready:
      'Le résultat est encore en cours de dépouillement ; réessayez dans un instant.',
    not_tied:
      'Seul un point clos dont le résultat est à égalité peut être départagé.',
    invalid_tie_break:
      'Le départage doit attribuer les sièges restants à autant d’options à égalité.',
    receipt_not_found: 'Aucun de vos votes ne porte ce reçu.',
    matter_not_found_published: 'Ce point n’existe pas.',
    count_not_ready:
      'Le dépouillement est publié pour les points clos une fois leur résultat établi.',
    count_not_published:
      'Le dépouillement de ce point n’est pas encore publié (il attend peut-être l’approbation d’un scrutateur).',
    emails_disabled: 'Ce votant n’a pas d’adresse courriel où écrire.',
    rate_limited_receipts:
      'Trop de reçus par courriel à la fois ; réessayez dans une minute.',
    rate_limited_holder_presence:
      'Trop de changements de présence à la fois ; réessayez dans une minute.',
    voter_removed:
      'Ce votant a été retiré de l’assemblée ; le vote n’a pas été compté.',
    manager_removed:
      'Le gestionnaire qui enregistre ce vote n’existe plus ; le vote n’a pas été enregistré.',
    not_startable: 'Seul un point en attente ou clos peut être ouvert.',
    not_live: 'Le point n’est pas en cours de vote.',
    matter_closed: 'Le vote sur ce point est clos.',
    early_voting_closed:
      'Le vote par anticipation est fermé ; votez quand le point sera ouvert.',
    ballot_locked:
      'Le vote de ce membre sur ce point ne peut plus être remplacé de cette façon.',
    not_eligible: 'Ce membre n’est pas habilité à voter sur ce point.',
    invalid_choice: 'Un choix ne fait pas partie des options de ce point.',
    invalid_allocation:
      'Les voix doivent être des nombres entiers d’au moins 1, sur des options de ce point, chacune nommée une fois, sans dépasser en tout son nombre de choix.',
    invalid_ranking:
      'Le classement doit nommer au moins une option de ce point, chacune une fois, par ordre de préférence.',
    too_many_choices: 'Plus de choix que ce point n’en permet.',
    invalid_ballot:
      'Le vote n’a pas pu être enregistré tel qu’envoyé ; il n’a pas été compté.',
    too_many_in_flight:
      'Attendez la réponse à votre vote précédent avant de voter de nouveau.',
    store_unavailable:
      'Le vote n’a pas pu être enregistré ; il n’a pas été compté. Réessayez avec la même Idempotency-Key.',
    overloaded:
      'Trop de votes à la fois ; réessayez avec la même Idempotency-Key.',
    webcast_not_found:
      'L’assemblée n’a pas de webdiffusion ; créez-la d’abord avec PUT.',
    invalid_credentials:
      'L’adresse courriel, le mot de passe ou le code à usage unique n’est pas exact.',
    mfa_required: 'Ce compte exige un code à usage unique (mfaToken).',
    invalid_refresh_token:
      'Le jeton d’actualisation est inconnu, expiré ou révoqué.',
    invalid_token: 'Le jeton d’accès n’est pas valide ou a expiré.',
    missing_token: 'Un jeton d’accès est requis : Authorization: Bearer <JWT>.',
    partner_token_forbidden:
      'Un jeton d’accès de partenaire ne donne accès qu’à /papi/v1 ; /v1 exige un jeton d’accès de gestionnaire.',
    voter_token_forbidden:
      'Un jeton de votant ne donne accès qu’au portail des votants (/portal/v1) ; /v1 exige un jeton d’accès de gestionnaire.',
    store_unavailable_database:
      'La base de données est injoignable ; réessayez dans un instant.',
    invalid_token_live: 'Le jeton n’est pas valide, a expiré ou a été révoqué.',
    principal_mismatch:
      'Le nouveau jeton doit être celui du même utilisateur, votant ou écran.',
    not_a_voter: 'Seuls les votants votent ici.',
    invalid_idempotency_key:
      'La clé d’idempotence doit compter de 1 à 200 caractères ASCII imprimables, sans espace.',
    unsupported_media_type:
      'Le Content-Type {{contentType}} n’est pas accepté ici.',
    validation_failed: 'La requête n’est pas valide.',
    unknown_field: 'Champ inconnu.',
    payload_too_large: 'Le corps de la requête est trop volumineux.',
    bad_request: 'La requête n’a pas pu être lue.',
    internal_error: 'Une erreur inattendue s’est produite.',
    internal_error_short: 'Erreur interne.',
    import_invalid_one:
      'Le fichier contient {{count}} problème ; rien n’a été importé.',
    import_invalid_other:
      'Le fichier contient {{count}} problèmes ; rien n’a été importé.',
    import_invalid_many:
      'Le fichier contient {{count}} de problèmes ; rien n’a été importé.',
    import_invalid_listed_one:
      'Le fichier contient {{count}} problème (les {{shown}} premiers sont énumérés) ; rien n’a été importé.',
    import_invalid_listed_other:
      'Le fichier contient {{count}} problèmes (les {{shown}} premiers sont énumérés) ; rien n’a été importé.',
    import_invalid_listed_many:
      'Le fichier contient {{count}} de problèmes (les {{shown}} premiers sont énumérés) ; rien n’a été importé.',
    another_matter_live_named:
      '« {{name}} » est en cours de vote ; l’assemblée ne permet qu’un point à la fois. Arrêtez-le d’abord.',
    quorum_not_met_units_one:
      'Le quorum n’est pas atteint : {{present}} sur {{count}} unité requise, présentes ou représentées. Ouvrez le vote sans quorum pour passer outre ; ce sera consigné avec votre nom.',
    quorum_not_met_units_other:
      'Le quorum n’est pas atteint : {{present}} sur {{count}} unités requises, présentes ou représentées. Ouvrez le vote sans quorum pour passer outre ; ce sera consigné avec votre nom.',
    quorum_not_met_units_many:
      'Le quorum n’est pas atteint : {{present}} sur {{count}} d’unités requises, présentes ou représentées. Ouvrez le vote sans quorum pour passer outre ; ce sera consigné avec votre nom.',
    quorum_not_met_shares_one:
      'Le quorum n’est pas atteint : {{present}} sur {{count}} quote-part requise, présentes ou représentées. Ouvrez le vote sans quorum pour passer outre ; ce sera consigné avec votre nom.',
    quorum_not_met_shares_other:
      'Le quorum n’est pas atteint : {{present}} sur {{count}} quotes-parts requises, présentes ou représentées. Ouvrez le vote sans quorum pour passer outre ; ce sera consigné avec votre nom.',
    quorum_not_met_shares_many:
      'Le quorum n’est pas atteint : {{present}} sur {{count}} de quotes-parts requises, présentes ou représentées. Ouvrez le vote sans quorum pour passer outre ; ce sera consigné avec votre nom.',
  },
  receiptReasons: {
    kind: {
      live: 'votre vote en direct',
      holder: 'le vote de votre mandataire',
      early: 'votre vote par anticipation',
      paper: 'la procuration papier saisie pour vous',
      floor: 'le vote en salle enregistré pour vous',
    },
    kindStart: {
      live: 'Votre vote en direct',
      holder: 'Le vote de votre mandataire',
      early: 'Votre vote par anticipation',
      paper: 'La procuration papier saisie pour vous',
      floor: 'Le vote en salle enregistré pour vous',
    },
    kindOfMember: {
      live: 'le vote en direct d’un membre',
      holder: 'le vote du mandataire d’un membre',
      early: 'le vote par anticipation d’un membre',
      paper: 'la procuration papier saisie pour vous',
      floor: 'le vote en salle enregistré pour vous',
    },
    kindOfIts: {
      live: 'son vote en direct',
      holder: 'le vote de son mandataire',
      early: 'son vote par anticipation',
      paper: 'la procuration papier saisie pour vous',
      floor: 'le vote en salle enregistré pour vous',
    },
    counts:
      '{{kind}} compte maintenant : c’est le vote qui vous représente sur ce point.',
    counted:
      '{{kind}} a compté : c’est le vote qui vous représente sur ce point.',
    replaced_same_kind:
      'Remplacé par {{by}} ({{at}}) : un vote plus récent du même type remplace le précédent. C’est cet autre vote qui compte.',
    replaced_precedence:
      'Remplacé par {{by}} ({{at}}) : {{byMember}} a préséance sur {{its}}. C’est cet autre vote qui compte.',
    replaced_later:
      'Remplacé par {{by}} ({{at}}) : cette saisie est plus récente que celle-ci. C’est cet autre vote qui compte.',
    withdrawn:
      'Votre mandataire a retiré ce vote : aucun vote ne vous représente maintenant sur ce point.',
    withdrawnAt:
      'Votre mandataire a retiré ce vote ({{at}}) : aucun vote ne vous représente maintenant sur ce point.',
    proxyRevoked:
      'Votre procuration a été révoquée : vous avez assisté à l’assemblée, vos propres votes comptent donc depuis ce moment.',
    proxyRevokedAt:
      'Votre procuration a été révoquée : vous avez assisté à l’assemblée ({{at}}), vos propres votes comptent donc depuis ce moment.',
  },
  countPhrases: {
    ofUnits_one: 'de {{n}} unité',
    ofUnits_many: 'de {{n}} d’unités',
    ofUnits_other: 'de {{n}} unités',
    undelivered_one: '{{n}} non distribué',
    undelivered_many: '{{n}} non distribués',
    undelivered_other: '{{n}} non distribués',
  },
  mail: {
    hello: 'Bonjour {{name}},',
    field: '{{name}} : {{value}}',
    when: 'Quand',
    timeZone: 'Fuseau horaire',
    where: 'Où',
    whenValue: '{{when}} ({{minutes}} minutes)',
    joinWithLink: 'Rejoignez l’assemblée et votez avec votre lien personnel :',
    joinLink: 'Rejoindre l’assemblée et voter',
    linkAlone: 'Ce lien est à vous seul : merci de ne pas le transférer.',
    meetingPage: 'Page de l’assemblée : {{url}}',
    meetingPageLabel: 'Page de l’assemblée :',
    questions: 'Des questions ? Écrivez à {{contact}}.',
    receipt: {
      subject: 'Votre reçu : {{matter}}',
      intro: 'Votre reçu pour « {{matter}} » à {{meeting}} :',
      castAt: 'Bulletin déposé le {{when}}.',
      check:
        'Une fois le décompte du point publié, vous pourrez y trouver ce code, avec son poids, et vérifier que votre bulletin a été compté. Le décompte publié n’indique jamais qui a déposé un bulletin.',
      yours: 'Vos reçus : {{url}}',
    },
    invite: {
      subject: 'Convocation : {{meeting}}',
      intro:
        'Vous êtes convoqué à {{meeting}}, comme votant de l’unité {{unit}}.',
      calendar:
        'Le fichier de calendrier joint ajoute l’assemblée à votre agenda.',
      checkIn:
        'Vous venez en personne ? Présentez ce code à l’accueil (il est à vous seul, lui aussi) :',
      checkInAlt: 'Code QR d’accueil',
    },
    reminder: {
      subject: 'Rappel : {{meeting}}',
      notVoted:
        'Rappel au sujet de {{meeting}} : l’unité {{unit}} n’a pas encore voté.',
      closes: 'Le vote par anticipation se termine le {{when}}.',
      unsubscribe: 'Ne plus recevoir ces rappels',
    },
    starting: {
      subject: 'Bientôt : {{meeting}}',
      body: '{{meeting}} commence le {{when}}. Rejoignez-la avec votre lien ci-dessous.',
      unsubscribe: 'Ne plus recevoir de courriel sur cette assemblée',
    },
    proxy: {
      subject: 'Votre procuration : {{meeting}}',
      received:
        'Votre procuration pour l’unité {{unit}} à {{meeting}} ({{when}}) a été reçue.',
      holder: 'Mandataire : {{holder}}.',
      signed: 'Signée par {{name}} le {{when}} ; statut : {{status}}.',
      directions: 'Consignes :',
      discretion: 'à la discrétion du mandataire',
      closing:
        'Vous pouvez remplacer ou retirer cette procuration dans le portail jusqu’à la clôture des procurations. Assister vous-même à l’assemblée la révoque tant que les révocations sont ouvertes.',
      status: {
        submitted: 'soumise',
        verified: 'vérifiée',
        rejected: 'refusée',
        withdrawn: 'retirée',
        revoked: 'révoquée',
      },
    },
    nomination: {
      subject: 'Vous avez été proposé·e comme candidat·e : {{meeting}}',
      nominated:
        'L’unité {{unit}} vous a proposé·e comme candidat·e à l’élection de {{meeting}} ({{when}}).',
      consent:
        'La candidature indique que vous acceptez de vous présenter. Si ce n’est pas le cas, ou si vous ne le souhaitez plus, répondez à ce message ou contactez les organisateurs de l’assemblée.',
      next: 'Les organisateurs examinent chaque candidature ; les candidat·e·s accepté·e·s figurent sur le bulletin avec leur présentation.',
    },
    holder: {
      subject: 'Vous détenez une procuration : {{meeting}}',
      appointed:
        'L’unité {{unit}} vous a désigné comme mandataire à {{meeting}}.',
      how: 'Les votes avec consignes sont comptés selon les consignes du membre à l’ouverture de chaque point ; vous exprimez les autres depuis votre page de mandataire.',
      link: 'Ouvrir votre page de mandataire',
    },
  },
  summary: {
    subject: 'Résumé quotidien : {{meeting}} ({{day}})',
    asOf: 'Résumé quotidien de {{meeting}} au {{when}}.',
    closes: 'Le vote par anticipation se termine le {{when}}.',
    invites: 'Convocations',
    invited_one: '{{invited}} votant convoqué sur {{total}}',
    invited_many: '{{invited}} de votants convoqués sur {{total}}',
    invited_other: '{{invited}} votants convoqués sur {{total}}',
    emailsOff_one: '{{n}} votant a désactivé les courriels',
    emailsOff_many: '{{n}} de votants ont désactivé les courriels',
    emailsOff_other: '{{n}} votants ont désactivé les courriels',
    mailSent_one: '{{kind}} : {{sent}} envoyé',
    mailSent_many: '{{kind}} : {{sent}} envoyés',
    mailSent_other: '{{kind}} : {{sent}} envoyés',
    mailSentUndelivered_one: '{{kind}} : {{sent}} envoyé, {{undelivered}}',
    mailSentUndelivered_many: '{{kind}} : {{sent}} envoyés, {{undelivered}}',
    mailSentUndelivered_other: '{{kind}} : {{sent}} envoyés, {{undelivered}}',
    mailKind: {
      reminder: 'Rappels',
      starting: 'Avis « l’assemblée commence »',
      summary: 'Résumés aux gestionnaires',
    },
    ballots: 'Bulletins',
    unitsVoted_one: '{{voted}} unité sur {{total}} a voté',
    unitsVoted_many: '{{voted}} d’unités sur {{total}} ont voté',
    unitsVoted_other: '{{voted}} unités sur {{total}} ont voté',
    method: {
      proxy: 'par anticipation (procuration)',
      live: 'en direct',
      other: 'autre (en salle)',
    },
    methodLine_one: '{{method}} : {{ballots}} bulletin {{units}}',
    methodLine_many: '{{method}} : {{ballots}} de bulletins {{units}}',
    methodLine_other: '{{method}} : {{ballots}} bulletins {{units}}',
    attendance: 'Présences',
    attended_one:
      '{{voters}} votant {{units}} a assisté à l’assemblée en direct',
    attended_many:
      '{{voters}} de votants {{units}} ont assisté à l’assemblée en direct',
    attended_other:
      '{{voters}} votants {{units}} ont assisté à l’assemblée en direct',
    rsvp_one: '{{n}} votant a annoncé sa présence',
    rsvp_many: '{{n}} de votants ont annoncé leur présence',
    rsvp_other: '{{n}} votants ont annoncé leur présence',
    rsvpBoth_one:
      '{{inPerson}} votant a annoncé sa présence sur place, {{online}} en ligne',
    rsvpBoth_many:
      '{{inPerson}} de votants ont annoncé leur présence sur place, {{online}} en ligne',
    rsvpBoth_other:
      '{{inPerson}} votants ont annoncé leur présence sur place, {{online}} en ligne',
    checkedIn_one:
      '{{voters}} votant {{units}} enregistré à l’accueil maintenant',
    checkedIn_many:
      '{{voters}} de votants {{units}} enregistrés à l’accueil maintenant',
    checkedIn_other:
      '{{voters}} votants {{units}} enregistrés à l’accueil maintenant',
    connected_one: '{{voters}} votant {{units}} connecté maintenant',
    connected_many: '{{voters}} de votants {{units}} connectés maintenant',
    connected_other: '{{voters}} votants {{units}} connectés maintenant',
    quorum:
      'Quorum : {{met}} : {{reached}} sur {{required}} {{basis}} (présentes : {{present}}, par procuration : {{proxies}}).',
    met: 'atteint',
    notMet: 'non atteint',
    matters: 'Points',
    matterLine:
      '{{order}}. {{name}} : {{status}}, {{units}} bulletins ({{shares}} quotes-parts)',
    status: { pending: 'en attente', live: 'en cours', closed: 'clos' },
    noMatters: 'Points : aucun pour l’instant.',
    why: 'Vous recevez ce rapport comme gestionnaire de l’assemblée ; les paramètres de l’assemblée (managerSummaryReportFreqency) le désactivent.',
  },
  calendar: {
    meetingPage: 'Page de l’assemblée : {{url}}',
  },
  report: {
    csv: {
      section: 'section',
      matter_order: 'ordre_question',
      matter: 'question',
      label: 'libelle',
      method: 'mode',
      units: 'unites',
      shares: 'parts',
      text: 'texte',
      unit: 'unite',
      owners: 'proprietaires',
      eligible: 'habilitee',
      presence: 'presence',
      proxy_holder: 'mandataire',
    },
    title: 'Rapport des résultats',
    titleOf: 'Rapport des résultats : {{meeting}}',
    subject: 'Assemblée {{shortCode}}',
    account: 'Compte',
    meeting: 'Assemblée',
    location: 'Lieu',
    quorum: 'Quorum',
    quorumPercent: '{{percent}} % des membres habilités, en {{basis}}',
    quorumBasis: { units: 'unités', shares: 'quotes-parts' },
    quorumPresent: 'membres présents',
    quorumPresentOrProxy: 'membres présents ou représentés par procuration',
    quorumToStart: 'requis pour ouvrir un vote',
    signOff: 'Validation',
    signOffRequired:
      'les résultats sont publiés après la validation d’un scrutateur',
    signOffNone: 'les résultats sont publiés à la clôture',
    generated: 'Produit le',
    digest: 'SHA-256 de report.csv (les données de ce rapport) :',
    matters: 'Points',
    none: 'aucune',
    rule: 'Règle',
    vote: 'Vote',
    secret: 'scrutin secret',
    open: 'scrutin ouvert',
    liveStatus: { pending: 'en attente', live: 'en cours', closed: 'clos' },
    opened: 'Ouvert',
    closed: 'Clos',
    closeReason: {
      deadline: 'à son échéance',
      stop: 'arrêté par la présidence',
      all_voted: 'quand tous les membres habilités avaient voté',
    },
    quorumAtOpen: 'Quorum à l’ouverture',
    quorumAtClose: 'Quorum à la clôture',
    chainAtClose: 'Chaîne à la clôture',
    chainLink: 'maillon {{position}}, {{hash}}',
    chainHead:
      'Tête de la chaîne de hachage de l’assemblée, maillon {{position}} (docs/verifiability.md) :',
    notRecorded: 'non enregistré',
    quorumText:
      '{{reached}} ({{present}} présents, {{proxies}} par procuration) sur {{required}} requis : {{met}}, {{at}}',
    met: 'atteint',
    notMet: 'NON atteint',
    overridden: '{{text}} ; vote ouvert sans quorum par {{by}}',
    unit_one: '{{n}} unité',
    unit_many: '{{n}} unités',
    unit_other: '{{n}} unités',
    share_one: '{{n}} quote-part',
    share_many: '{{n}} quotes-parts',
    share_other: '{{n}} quotes-parts',
    member_one: '{{n}} membre',
    member_many: '{{n}} membres',
    member_other: '{{n}} membres',
    voter_one: '{{n}} votant',
    voter_many: '{{n}} votants',
    voter_other: '{{n}} votants',
    ballot_one: '{{n}} bulletin',
    ballot_many: '{{n}} bulletins',
    ballot_other: '{{n}} bulletins',
    atClose: 'À la clôture',
    atCloseText:
      '{{eligible}} habilités à voter, {{present}} présents ({{voters}} connectés) ; {{ballots}}, {{shares}} ({{percent}} des membres habilités)',
    electedLine: 'Élus',
    tiedLine: 'À égalité pour les derniers sièges',
    tieBreakLine: 'Départage',
    tieBreakText: '{{names}} élu(s) par {{method}} ; décidé par {{by}}, {{at}}',
    tieBreakPending: 'pas encore décidé',
    electionBaseLine: 'Base',
    electionBaseText: '{{baseUnits}}, {{baseShares}} ({{base}})',
    rounds: 'Tours du dépouillement',
    round: 'Tour {{n}}',
    exhausted: 'Épuisés',
    roundElected: 'Élus',
    roundExcluded: 'Éliminés',
    forOrLeading: 'Pour ou en tête',
    forOrLeadingText:
      '{{units}}, {{shares}}, sur une base de {{baseUnits}}, {{baseShares}}',
    signedOff: 'validé par {{by}}, {{at}}',
    notSignedOff: 'non validé',
    published: 'Publié',
    notPublished: 'pas encore : en attente d’un scrutateur',
    result: 'Résultat',
    noResult: 'aucun pour l’instant : le point n’est pas clos',
    tally: 'Décompte',
    withheld:
      'retenu jusqu’à la clôture du scrutin secret (participation seulement)',
    option: 'Option',
    methodColumn: 'Mode',
    unitsColumn: 'Unités',
    sharesColumn: 'Quotes-parts',
    total: 'Total',
    method: {
      proxy: 'Par procuration',
      live: 'En ligne',
      other: 'En personne',
    },
    ballots: 'Bulletins',
    ballotsText: '{{units}} ({{shares}}) : {{turnout}}',
    turnoutPart: '{{method}} {{units}} ({{shares}})',
    unitsVoted: 'Unités qui ont voté ({{n}} ; jamais comment)',
    unitsVotedPart: '{{method}} ({{n}}) : {{units}}',
    minutes: {
      summary: 'Les questions et leur résultat',
      title: 'Procès-verbal du vote',
      subtitle: 'Rapport des résultats pour le procès-verbal',
      date: 'Date',
      place: 'Lieu',
      chair: 'Présidence',
      scrutineers: 'Scrutateur(s)',
      anyScrutineer: 'tout scrutateur du compte',
      notNamed: 'non désigné',
      quorumRule: 'Règle du quorum',
      quorumAtOpening: 'Quorum à l’ouverture',
      quorumOpeningMet:
        'atteint : {{reached}} présents ou représentés, {{required}} requis ({{at}})',
      quorumOpeningNotMet:
        'NON atteint : {{reached}} présents ou représentés, {{required}} requis ({{at}})',
      noVoteOpened: 'aucun vote n’a été ouvert',
      attendance: 'Registre des présences',
      attendanceSummary:
        '{{units}} inscrites ; présentes : {{present}} ({{online}} en ligne, {{inPerson}} en personne, {{proxy}} par procuration) ; absentes : {{absent}}.',
      attendanceNone: 'Aucune unité n’est inscrite.',
      unit: 'Unité',
      owners: 'Propriétaire(s)',
      howPresent: 'Présence',
      presence: {
        online: 'En ligne',
        in_person: 'En personne',
        proxy: 'Par procuration',
        absent: 'Absente',
      },
      byProxyOf: 'Par procuration : {{holder}}',
      notEligible: '(sans droit de vote)',
      proxies: 'Registre des procurations',
      proxiesNone: 'Aucune procuration n’a été donnée.',
      holder: 'Mandataire',
      instruction: 'Consigne',
      directed: 'Dirigée',
      discretionary: 'Discrétionnaire',
      form: 'Forme',
      source: { paper: 'Papier', electronic: 'Électronique' },
      verified: 'Vérifiée',
      verifiedByAt: '{{by}}, {{at}}',
      notVerified: 'non vérifiée',
      revoked: 'Révoquée',
      no: 'non',
      matters: 'Questions',
      mattersNone: 'Aucune question n’a été soumise à l’assemblée.',
      movedBy: 'Proposée par',
      secondedBy: 'Appuyée par',
      notRecorded: 'non consigné',
      rule: 'Règle',
      ballot: 'Scrutin',
      opened: 'Ouverture du vote',
      closed: 'Clôture du vote',
      outcome: 'Résultat',
      noVotes: 'Aucune voix n’a été exprimée sur cette question.',
      noVotesDefeated:
        'Aucune voix n’a été exprimée sur cette question ; elle n’est donc pas adoptée.',
      noVotesElection:
        'Aucune voix n’a été exprimée dans cette élection ; personne n’est donc élu.',
      notClosed:
        'Le vote sur cette question n’est pas clos : il n’y a pas encore de résultat.',
      votesTable: 'Voix par mode de vote',
      votesCast:
        '{{units}} ({{shares}}) ont voté : {{online}} en ligne, {{inPerson}} en personne, {{proxy}} par procuration.',
      option: 'Option',
      total: 'Total',
      units: 'Unités',
      shares: 'Quotes-parts',
      allOptions: 'Bulletins',
      withheld:
        'Scrutin secret non encore clos : seule la participation est indiquée.',
      atClose: 'À la clôture',
      atCloseText:
        '{{eligible}} habilités à voter ; {{ballots}} exprimés ({{percent}} des habilités).',
      signOff: 'Validation',
      signedOff: 'validé par {{by}}, {{at}}',
      notSignedOff: 'non validé',
      questions: 'Questions et réponses',
      askedBy: '{{name}}, {{at}} ({{category}})',
      answer: 'Réponse',
      noAnswer: 'pas de réponse écrite',
      signatures: 'Signatures',
      signOffStatus:
        'Validation des résultats : {{signed}} des {{closed}} questions closes validées par un scrutateur.',
      signOffNotRequired:
        'Les résultats sont publiés à la clôture, sans validation par un scrutateur.',
      signatureOf: '{{role}} : {{name}}',
      signature: 'Signature',
      signedDate: 'Date',
      scrutineer: 'Scrutateur',
      page: 'Page {{n}} sur {{total}}',
      verification: 'Vérification',
      verificationText1:
        'Chaque action de l’assemblée, chaque bulletin compris, est inscrite dans une chaîne de hachage : chaque maillon porte le SHA-256 du maillon précédent, de sorte que modifier, retirer ou réordonner quoi que ce soit de déjà inscrit change tous les maillons suivants.',
      verificationText2:
        'La tête de chaîne ci-dessous a été relevée à la production de ce rapport. Toute personne qui détient une copie antérieure ou postérieure du journal d’audit de l’assemblée peut recalculer la chaîne et vérifier qu’elle passe par cette tête : si c’est le cas, rien de ce que ce rapport compte n’a été modifié depuis.',
      verificationText3:
        'Les données de ce rapport existent aussi sous forme de fichier CSV (report.csv). Son SHA-256, imprimé ci-dessous, permet à chacun de vérifier qu’une copie CSV contient exactement les données de ce rapport : sur un ordinateur, lancez « sha256sum report.csv » (ou « certutil -hashfile report.csv SHA256 » sous Windows) et comparez le résultat à cette valeur.',
      verificationText4:
        'Pour chaque question, le maillon de la chaîne auquel son résultat a été établi est indiqué : le dépouillement publié de la question peut être vérifié par rapport à lui.',
      csvDigest: 'SHA-256 de report.csv',
      chainHead: 'Tête de la chaîne de hachage',
      chainLink: 'maillon {{position}}',
      matterLinks: 'Les résultats et leurs maillons dans la chaîne',
      link: 'Maillon',
      hash: 'SHA-256',
      generated: 'Rapport produit le {{at}}.',
    },
  },
};

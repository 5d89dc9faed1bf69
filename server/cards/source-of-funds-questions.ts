/**
 * The source-of-funds questionnaire (docs/card-program.md, Onboarding). The provider's real texts
 * are not public; these are plausible ones, answered all at once. Question
 * ids and options are stable strings a client stores and sends back; only labels are translated.
 */
export const SOURCE_OF_FUNDS_LOCALES = ["en", "de", "fr", "es"] as const;
export type SourceOfFundsLocale = (typeof SOURCE_OF_FUNDS_LOCALES)[number];

type Labels = Record<SourceOfFundsLocale, string>;

interface QuestionDefinition {
  question: string;
  label: Labels;
  options: { value: string; label: Labels }[];
}

const QUESTIONS: readonly QuestionDefinition[] = [
  {
    question: "EMPLOYMENT_STATUS",
    label: {
      en: "What is your employment status?",
      de: "Wie ist Ihr Beschäftigungsstatus?",
      fr: "Quelle est votre situation professionnelle ?",
      es: "¿Cuál es su situación laboral?",
    },
    options: [
      { value: "EMPLOYED", label: { en: "Employed", de: "Angestellt", fr: "Salarié", es: "Empleado" } },
      {
        value: "SELF_EMPLOYED",
        label: { en: "Self-employed", de: "Selbstständig", fr: "Indépendant", es: "Autónomo" },
      },
      {
        value: "UNEMPLOYED",
        label: { en: "Unemployed", de: "Arbeitslos", fr: "Sans emploi", es: "Desempleado" },
      },
      { value: "STUDENT", label: { en: "Student", de: "Student", fr: "Étudiant", es: "Estudiante" } },
      { value: "RETIRED", label: { en: "Retired", de: "Im Ruhestand", fr: "Retraité", es: "Jubilado" } },
      { value: "OTHER", label: { en: "Other", de: "Sonstiges", fr: "Autre", es: "Otro" } },
    ],
  },
  {
    question: "SOURCE_OF_INCOME",
    label: {
      en: "What is the primary source of the funds you will use with the card?",
      de: "Was ist die Hauptquelle der Mittel, die Sie mit der Karte verwenden?",
      fr: "Quelle est la principale origine des fonds que vous utiliserez avec la carte ?",
      es: "¿Cuál es el origen principal de los fondos que usará con la tarjeta?",
    },
    options: [
      {
        value: "EMPLOYMENT_INCOME",
        label: {
          en: "Employment income",
          de: "Einkommen aus Anstellung",
          fr: "Revenus salariaux",
          es: "Ingresos por empleo",
        },
      },
      {
        value: "BUSINESS_INCOME",
        label: {
          en: "Business income",
          de: "Unternehmenseinkünfte",
          fr: "Revenus d'entreprise",
          es: "Ingresos empresariales",
        },
      },
      {
        value: "INVESTMENTS",
        label: { en: "Investments", de: "Kapitalanlagen", fr: "Investissements", es: "Inversiones" },
      },
      { value: "SAVINGS", label: { en: "Savings", de: "Ersparnisse", fr: "Épargne", es: "Ahorros" } },
      { value: "INHERITANCE", label: { en: "Inheritance", de: "Erbschaft", fr: "Héritage", es: "Herencia" } },
      { value: "OTHER", label: { en: "Other", de: "Sonstiges", fr: "Autre", es: "Otro" } },
    ],
  },
  {
    question: "ANNUAL_INCOME",
    label: {
      en: "What is your expected annual income (in the card's currency)?",
      de: "Wie hoch ist Ihr erwartetes Jahreseinkommen (in der Kartenwährung)?",
      fr: "Quel est votre revenu annuel prévu (dans la devise de la carte) ?",
      es: "¿Cuáles son sus ingresos anuales previstos (en la moneda de la tarjeta)?",
    },
    options: [
      {
        value: "UNDER_25K",
        label: { en: "Under 25,000", de: "Unter 25.000", fr: "Moins de 25 000", es: "Menos de 25.000" },
      },
      {
        value: "25K_TO_50K",
        label: {
          en: "25,000 to 50,000",
          de: "25.000 bis 50.000",
          fr: "25 000 à 50 000",
          es: "De 25.000 a 50.000",
        },
      },
      {
        value: "50K_TO_100K",
        label: {
          en: "50,000 to 100,000",
          de: "50.000 bis 100.000",
          fr: "50 000 à 100 000",
          es: "De 50.000 a 100.000",
        },
      },
      {
        value: "100K_TO_250K",
        label: {
          en: "100,000 to 250,000",
          de: "100.000 bis 250.000",
          fr: "100 000 à 250 000",
          es: "De 100.000 a 250.000",
        },
      },
      {
        value: "OVER_250K",
        label: { en: "Over 250,000", de: "Über 250.000", fr: "Plus de 250 000", es: "Más de 250.000" },
      },
    ],
  },
  {
    question: "MONTHLY_CARD_SPEND",
    label: {
      en: "How much do you expect to spend with the card each month?",
      de: "Wie viel möchten Sie monatlich mit der Karte ausgeben?",
      fr: "Combien prévoyez-vous de dépenser avec la carte chaque mois ?",
      es: "¿Cuánto prevé gastar con la tarjeta cada mes?",
    },
    options: [
      {
        value: "UNDER_500",
        label: { en: "Under 500", de: "Unter 500", fr: "Moins de 500", es: "Menos de 500" },
      },
      {
        value: "500_TO_2000",
        label: { en: "500 to 2,000", de: "500 bis 2.000", fr: "500 à 2 000", es: "De 500 a 2.000" },
      },
      {
        value: "2000_TO_5000",
        label: { en: "2,000 to 5,000", de: "2.000 bis 5.000", fr: "2 000 à 5 000", es: "De 2.000 a 5.000" },
      },
      {
        value: "OVER_5000",
        label: { en: "Over 5,000", de: "Über 5.000", fr: "Plus de 5 000", es: "Más de 5.000" },
      },
    ],
  },
  {
    question: "ACCOUNT_PURPOSE",
    label: {
      en: "What will you mainly use the account for?",
      de: "Wofür werden Sie das Konto hauptsächlich nutzen?",
      fr: "À quoi servira principalement le compte ?",
      es: "¿Para qué usará principalmente la cuenta?",
    },
    options: [
      {
        value: "EVERYDAY_SPENDING",
        label: {
          en: "Everyday spending",
          de: "Alltägliche Ausgaben",
          fr: "Dépenses courantes",
          es: "Gastos cotidianos",
        },
      },
      {
        value: "ONLINE_SHOPPING",
        label: {
          en: "Online shopping",
          de: "Online-Einkäufe",
          fr: "Achats en ligne",
          es: "Compras en línea",
        },
      },
      { value: "TRAVEL", label: { en: "Travel", de: "Reisen", fr: "Voyages", es: "Viajes" } },
      {
        value: "BUSINESS_EXPENSES",
        label: {
          en: "Business expenses",
          de: "Geschäftsausgaben",
          fr: "Frais professionnels",
          es: "Gastos de empresa",
        },
      },
      {
        value: "CRYPTO_SPENDING",
        label: {
          en: "Spending crypto assets",
          de: "Krypto-Guthaben ausgeben",
          fr: "Dépenser des cryptoactifs",
          es: "Gastar criptoactivos",
        },
      },
      { value: "OTHER", label: { en: "Other", de: "Sonstiges", fr: "Autre", es: "Otro" } },
    ],
  },
];

/** "de-CH", "DE" and "de_DE" read as de; anything not offered falls back to en. */
export function sourceOfFundsLocale(locale: string | null | undefined): SourceOfFundsLocale {
  const language = (locale ?? "").trim().toLowerCase().split(/[-_]/)[0];
  return (SOURCE_OF_FUNDS_LOCALES as readonly string[]).includes(language ?? "")
    ? (language as SourceOfFundsLocale)
    : "en";
}

export interface SourceOfFundsQuestion {
  question: string;
  label: string;
  options: string[];
}

/** The questions in the interface's shape: the label in the locale, options as stable values. */
export function sourceOfFundsQuestions(locale?: string | null): SourceOfFundsQuestion[] {
  const lang = sourceOfFundsLocale(locale);
  return QUESTIONS.map((q) => ({
    question: q.question,
    label: q.label[lang],
    options: q.options.map((o) => o.value),
  }));
}

/** What to show for an option (the cardholder pages, the dashboard); the value itself if unknown. */
export function sourceOfFundsOptionLabel(question: string, option: string, locale?: string | null): string {
  const lang = sourceOfFundsLocale(locale);
  return (
    QUESTIONS.find((q) => q.question === question)?.options.find((o) => o.value === option)?.label[lang] ??
    option
  );
}

/** The options of each question id, for validating answers. */
export const SOURCE_OF_FUNDS_OPTIONS: ReadonlyMap<string, readonly string[]> = new Map(
  QUESTIONS.map((q) => [q.question, q.options.map((o) => o.value)]),
);

/** Merchant category codes (ISO 18245) the console names in words; others show as the bare code. */
export const MCC_LABELS: Record<string, string> = {
  "4111": "Local transport",
  "4112": "Rail",
  "4121": "Taxis and ride hailing",
  "4511": "Airlines",
  "4722": "Travel agencies",
  "4899": "Streaming and cable",
  "4900": "Utilities",
  "5311": "Department stores",
  "5411": "Groceries and supermarkets",
  "5499": "Food stores",
  "5541": "Fuel stations",
  "5542": "Fuel dispensers",
  "5691": "Clothing",
  "5712": "Furniture",
  "5732": "Electronics",
  "5812": "Restaurants",
  "5814": "Fast food and cafés",
  "5815": "Digital media",
  "5912": "Pharmacies",
  "5941": "Sporting goods",
  "5942": "Book shops",
  "5944": "Jewellery",
  "5999": "Other retail",
  "6011": "Cash withdrawals",
  "7011": "Hotels and lodging",
  "7832": "Cinemas",
};

export function mccLabel(code: string | null | undefined): string {
  if (!code) return "No category given";
  return MCC_LABELS[code] ?? `MCC ${code}`;
}

/**
 * Named MCC groups a spending control or rule may name instead of codes (docs/spending-controls.md,
 * Categories): each a list of inclusive ranges of ISO 18245 codes.
 */
export const MCC_GROUPS = {
  gambling: {
    label: "Gambling and betting",
    ranges: [
      ["7800", "7802"],
      ["7995", "7995"],
      ["9406", "9406"],
    ],
  },
  cash: {
    label: "Cash and quasi-cash",
    ranges: [
      ["6010", "6012"],
      ["6050", "6051"],
      ["4829", "4829"],
      ["6540", "6540"],
    ],
  },
  travel: {
    label: "Travel and lodging",
    ranges: [
      ["3000", "3999"],
      ["4011", "4011"],
      ["4111", "4131"],
      ["4411", "4411"],
      ["4511", "4582"],
      ["4722", "4723"],
      ["7011", "7012"],
      ["7512", "7519"],
    ],
  },
  transport: {
    label: "Transport and fuel",
    ranges: [
      ["4111", "4131"],
      ["4121", "4121"],
      ["5541", "5542"],
    ],
  },
  restaurants: { label: "Restaurants and bars", ranges: [["5811", "5814"]] },
  groceries: {
    label: "Groceries",
    ranges: [
      ["5411", "5411"],
      ["5422", "5422"],
      ["5451", "5451"],
      ["5499", "5499"],
    ],
  },
  digital_goods: {
    label: "Digital goods and streaming",
    ranges: [
      ["4899", "4899"],
      ["5815", "5818"],
    ],
  },
  adult: {
    label: "Adult content and dating",
    ranges: [
      ["5967", "5967"],
      ["7273", "7273"],
    ],
  },
  crypto: {
    label: "Crypto and securities",
    ranges: [
      ["6051", "6051"],
      ["6211", "6211"],
    ],
  },
} as const satisfies Record<string, { label: string; ranges: readonly (readonly [string, string])[] }>;
export type MccGroup = keyof typeof MCC_GROUPS;
export const MCC_GROUP_VALUES = Object.keys(MCC_GROUPS) as MccGroup[];

export function isMccGroup(name: string): name is MccGroup {
  return Object.hasOwn(MCC_GROUPS, name);
}

/** Whether an MCC is one of the categories (codes or group names); no MCC matches none. */
export function mccInCategories(mcc: string | null | undefined, categories: readonly string[]): boolean {
  if (!mcc) return false;
  return categories.some((c) =>
    isMccGroup(c) ? MCC_GROUPS[c].ranges.some(([from, to]) => mcc >= from && mcc <= to) : c === mcc,
  );
}

/** A category in words: a group's label, a known code's label, or the bare code. */
export function categoryLabel(category: string): string {
  return isMccGroup(category) ? MCC_GROUPS[category].label : mccLabel(category);
}

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

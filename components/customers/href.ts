/** Kept apart from filters.ts so a browser component linking a customer does not load the contracts. */
export const CUSTOMERS_PATH = "/customers";
export const customerHref = (svcCardId: string) => `${CUSTOMERS_PATH}/${encodeURIComponent(svcCardId)}`;

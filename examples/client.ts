import { createCardConsoleClient, type EventOf } from "../clients/typescript";

/**
 * The typed client (docs/sdk.md): every path, query, body and answer is typed from the OpenAPI
 * document; a misspelt path or field is a compile error.
 */
export async function frozenCardsOfToday(baseUrl: string, apiKey: string, apiSecret: string) {
  const api = createCardConsoleClient({ baseUrl, apiKey, apiSecret });
  const { data, error } = await api.GET("/api/v1/events", {
    params: { query: { type: "card.frozen", limit: 100 } },
  });
  if (error) throw new Error(`${error.error_code}: ${error.message}`);
  // Events of the Events API carry the same envelope as webhooks; narrow by type to read data.
  return data.data.events.map((e) => (e as unknown as EventOf<"card.frozen">).data.card_id);
}

export async function freeze(baseUrl: string, token: string, svcCardId: string, cardId: string) {
  const api = createCardConsoleClient({ baseUrl, token });
  const { data, error, response } = await api.POST(
    "/api/v1/svc-card/customers/{svcCardId}/cards/{cardId}/freeze",
    { params: { path: { svcCardId, cardId } }, body: {} },
  );
  if (error) throw new Error(`${response.status} ${error.error_code}`);
  return data.data;
}

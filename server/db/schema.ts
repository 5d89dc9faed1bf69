import * as apikeys from "./schema/apikeys";
import * as cards from "./schema/cards";
import * as disputes from "./schema/disputes";
import * as identity from "./schema/identity";
import * as money from "./schema/money";
import * as platform from "./schema/platform";
import * as providers from "./schema/providers";
import * as webhooks from "./schema/webhooks";

/** Every domain's tables in the one object drizzle's relational API wants. */
export const schema = {
  ...identity,
  ...platform,
  ...apikeys,
  ...webhooks,
  ...cards,
  ...providers,
  ...money,
  ...disputes,
};

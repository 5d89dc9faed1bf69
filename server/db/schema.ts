import * as apikeys from "./schema/apikeys";
import * as authorizationEndpoints from "./schema/authorization-endpoints";
import * as cards from "./schema/cards";
import * as controls from "./schema/controls";
import * as crypto from "./schema/crypto";
import * as disputes from "./schema/disputes";
import * as fiat from "./schema/fiat";
import * as identity from "./schema/identity";
import * as money from "./schema/money";
import * as overview from "./schema/overview";
import * as platform from "./schema/platform";
import * as providers from "./schema/providers";
import * as statements from "./schema/statements";
import * as team from "./schema/team";
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
  ...team,
  ...fiat,
  ...crypto,
  ...overview,
  ...disputes,
  ...controls,
  ...authorizationEndpoints,
  ...statements,
};

import * as apikeys from "./schema/apikeys";
import * as identity from "./schema/identity";
import * as platform from "./schema/platform";
import * as webhooks from "./schema/webhooks";

/** Every domain's tables in the one object drizzle's relational API wants. */
export const schema = { ...identity, ...platform, ...apikeys, ...webhooks };

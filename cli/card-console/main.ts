import { createInterface } from "node:readline/promises";
import { Command } from "commander";
import { ApiError, Client, type GlobalOptions, resolveCredentials } from "./client";
import { configPath, DEFAULT_BASE_URL, readConfig, updateConfig } from "./config";
import { getEventCommand, listEventsCommand, resendEventCommand, testWebhookCommand } from "./events";
import { listen } from "./listen";
import { listTriggers, runTrigger } from "./trigger-run";

/** card-console: the developer CLI of the card program (docs/cli.md). */

const out = (line: string) => console.log(line);

function clientOf(cmd: Command): Client {
  return new Client(resolveCredentials(cmd.optsWithGlobals<GlobalOptions>()));
}

async function ask(question: string): Promise<string> {
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    return (await rl.question(question)).trim();
  } finally {
    rl.close();
  }
}

export function buildProgram(): Command {
  const program = new Command("card-console")
    .description("The card program's developer CLI: listen for events, trigger sandbox flows, read events.")
    .option("--base-url <url>", `the console's address (default: the login's, else ${DEFAULT_BASE_URL})`)
    .option("--api-key <key>", "an API key (Developers -> API keys); default: the stored login")
    .option("--api-secret <secret>", "the API key's secret")
    .showHelpAfterError();

  program
    .command("login")
    .description(`check an API key against the app and store it in ${configPath()} (mode 0600)`)
    .action(async (_opts, cmd: Command) => {
      const g = cmd.optsWithGlobals<GlobalOptions>();
      const baseUrl = g.baseUrl ?? readConfig().base_url ?? DEFAULT_BASE_URL;
      const apiKey = g.apiKey ?? (await ask("API key: "));
      const apiSecret = g.apiSecret ?? (await ask("API secret: "));
      const client = new Client(resolveCredentials({ baseUrl, apiKey, apiSecret }, {}));
      const { data: me } = await client.get("/api/v1/me");
      updateConfig((c) =>
        Object.assign(c, { base_url: client.creds.baseUrl, api_key: apiKey, api_secret: apiSecret }),
      );
      const org = me.organization as { name?: string } | undefined;
      const scopes = (me.credential as { scopes?: string[] } | undefined)?.scopes ?? [];
      out(
        `Logged in to ${client.creds.baseUrl}: ${org?.name ?? "the program"}, scopes ${scopes.join(", ")}.`,
      );
      out(`Stored in ${configPath()}.`);
    });

  program
    .command("logout")
    .description("forget the stored API key (the listener's secret and place stay)")
    .action(() => {
      updateConfig((c) => {
        delete c.api_key;
        delete c.api_secret;
      });
      out(`Forgot the API key stored in ${configPath()}.`);
    });

  program
    .command("listen")
    .description("forward the program's events, signed, to a local URL; resumes where it stopped")
    .requiredOption("--forward-to <url>", "where to POST each event, e.g. http://localhost:4000/hooks")
    .option("--events <types>", "only these types, comma-separated (card.frozen,transaction.*)")
    .option("--poll-ms <ms>", "how often to ask for new events", "1000")
    .action(async (opts: { forwardTo: string; events?: string; pollMs: string }, cmd: Command) => {
      const stop = new AbortController();
      process.once("SIGINT", () => stop.abort());
      process.once("SIGTERM", () => stop.abort());
      await listen(clientOf(cmd), {
        forwardTo: new URL(opts.forwardTo).toString(),
        events: opts.events,
        pollMs: Math.max(100, Number(opts.pollMs) || 1_000),
        signal: stop.signal,
        out,
      });
    });

  program
    .command("trigger")
    .description("raise an event type through the sandbox's real flows (--list: every type and its steps)")
    .argument("[type]", "an event type of the catalog, e.g. transaction.settled")
    .option("--list", "list the types and the steps each runs")
    .action(async (type: string | undefined, opts: { list?: boolean }, cmd: Command) => {
      if (opts.list || !type) return listTriggers(out);
      await runTrigger(clientOf(cmd), type, out);
    });

  const events = program.command("events").description("the Events API: list, get, resend");
  events
    .command("list")
    .description("the newest events first")
    .option("--type <types>", "one type, or several comma-separated")
    .option("--object <id>", "only events about this object (a card, customer, transaction...)")
    .option("--limit <n>", "how many (1-100)", "20")
    .option("--json", "the API's answer as JSON")
    .action(async (opts: { type?: string; object?: string; limit?: string; json?: boolean }, cmd: Command) =>
      listEventsCommand(clientOf(cmd), opts, out),
    );
  events
    .command("get")
    .argument("<id>", "an event id (evt_...)")
    .description("one event as webhooks deliver it")
    .action(async (id: string, _opts, cmd: Command) => getEventCommand(clientOf(cmd), id, out));
  events
    .command("resend")
    .argument("<id>", "an event id (evt_...)")
    .requiredOption("--webhook <id>", "the subscription to send it to (whk_...)")
    .description("send an event to a subscription again (retry its delivery, or send the one it never had)")
    .action(async (id: string, opts: { webhook: string }, cmd: Command) =>
      resendEventCommand(clientOf(cmd), id, opts.webhook, out),
    );

  program
    .command("webhooks")
    .description("webhook subscriptions")
    .command("test")
    .argument("<id>", "a webhook subscription id")
    .description("queue a webhook.test event to the subscription")
    .action(async (id: string, _opts, cmd: Command) => testWebhookCommand(clientOf(cmd), id, out));

  return program;
}

export async function main(argv: string[]): Promise<number> {
  try {
    await buildProgram().parseAsync(argv);
    return 0;
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    console.error(
      err instanceof ApiError ? `The API refused (${err.status}): ${message}` : `Error: ${message}`,
    );
    return 1;
  }
}

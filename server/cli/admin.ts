import path from "node:path";
import { parseArgs } from "node:util";
import { z } from "zod";
import { isServiceError } from "@/lib/errors";
import { ROLES } from "@/lib/scopes";
import { issueUserAccessToken } from "@/server/auth/tokens";
import { createOrganizationWithAdmin, createUser, findUserByEmail } from "@/server/auth/users";
import { boot } from "@/server/boot";
import { type Database, openDatabase, optionsFromEnv } from "@/server/db/client";
import { DataDirInUseError } from "@/server/db/data-dir-lock";
import { migrateDatabase } from "@/server/db/migrate";
import { ListFolderError } from "@/server/screening/list-files";
import { loadListFolder } from "@/server/screening/list-store";
import { seedDemo } from "./seed-demo";

/** Operations and bootstrap (README, Other commands). Prints JSON on stdout; errors as JSON on stderr. */
const USAGE = `Usage: npm run admin -- <command> [options]

  create-org   --name N --admin-email E --admin-password P
               -> {org_id, user_id, totp_secret, otpauth_url}  (2FA enabled for that admin)
  create-user  --org ORG_ID --email E --password P --role admin|operator|viewer [--name N] [--with-2fa]
               -> {user_id, email, role, totp_secret?, otpauth_url?}
  user-token   --email E
               -> {access_token, expires_in, token_type}   (a 1 h user access token)
  seed-demo    [--customers N] [--transactions M] [--org ORG_ID]
               -> {org_id, customers, transactions, seconds, admin?}
               A demo program (default 100,000 customers, 1,000,000 transactions over 90 days),
               in a new organization (its admin's sign-in printed) or added to ORG_ID.
  screening-list load DIR
               -> {list_id, source, as_of, entry_count}
               Loads a sanctions list folder (<ASSET>.txt files and a SOURCE.md with
               "As of: YYYY-MM-DD") and makes it the list in force for every instance.

The database is DATABASE_URL when set, else the embedded one in DATA_DIR (default ./.data).
The embedded database can be open in one process only: stop the app first, or use DATABASE_URL.`;

class UsageError extends Error {}

type Command = (database: Database, args: string[]) => Promise<unknown>;

function options<T extends z.ZodRawShape>(args: string[], shape: T, flags: string[] = []) {
  const { values } = parseArgs({
    args,
    options: Object.fromEntries([
      ...Object.keys(shape)
        .filter((k) => !flags.includes(k))
        .map((k) => [k, { type: "string" as const }]),
      ...flags.map((k) => [k, { type: "boolean" as const }]),
    ]),
    strict: true,
  });
  const parsed = z.object(shape).safeParse(values);
  if (!parsed.success)
    throw new UsageError(parsed.error.issues.map((i) => `--${i.path.join(".")}: ${i.message}`).join("; "));
  return parsed.data;
}

const commands: Record<string, Command> = {
  "create-org": async ({ db }, args) => {
    const o = options(args, {
      name: z.string().min(1),
      "admin-email": z.string().min(1),
      "admin-password": z.string().min(1),
    });
    const { orgId, admin } = await createOrganizationWithAdmin(db, {
      name: o.name,
      adminEmail: o["admin-email"],
      adminPassword: o["admin-password"],
    });
    return {
      org_id: orgId,
      user_id: admin.userId,
      totp_secret: admin.totpSecret,
      otpauth_url: admin.otpauthUrl,
    };
  },
  "create-user": async ({ db }, args) => {
    const o = options(
      args,
      {
        org: z.string().min(1),
        email: z.string().min(1),
        password: z.string().min(1),
        role: z.enum(ROLES),
        name: z.string().optional(),
        "with-2fa": z.boolean().optional(),
      },
      ["with-2fa"],
    );
    const user = await createUser(db, o.org, {
      email: o.email,
      password: o.password,
      role: o.role,
      name: o.name,
      withTwoFactor: o["with-2fa"] ?? false,
    });
    return {
      user_id: user.userId,
      email: user.email,
      role: user.role,
      ...(user.totpSecret ? { totp_secret: user.totpSecret, otpauth_url: user.otpauthUrl } : {}),
    };
  },
  "user-token": async ({ db }, args) => {
    const o = options(args, { email: z.string().min(1) });
    const user = await findUserByEmail(db, o.email);
    if (!user) throw new UsageError(`No user with email ${o.email}.`);
    return issueUserAccessToken(db, user);
  },
  "seed-demo": async ({ db }, args) => {
    const count = (max: number) => z.coerce.number().int().min(0).max(max).optional();
    const o = options(args, {
      customers: count(10_000_000),
      transactions: count(100_000_000),
      org: z.string().min(1).optional(),
    });
    return seedDemo(db, {
      customers: o.customers ?? 100_000,
      transactions: o.transactions ?? 1_000_000,
      orgId: o.org,
      progress: (line) => process.stderr.write(`${line}\n`),
    });
  },
  "screening-list": async ({ db }, args) => {
    const [verb, dir, ...rest] = args;
    if (verb !== "load" || !dir || rest.length) throw new UsageError("screening-list load DIR");
    try {
      const row = await loadListFolder(db, path.resolve(dir));
      return { list_id: row.id, source: row.source, as_of: row.asOf, entry_count: row.entryCount };
    } catch (err) {
      if (err instanceof ListFolderError) throw new UsageError(err.message);
      throw err;
    }
  },
};

function fail(code: string, message: string, exitCode: number): never {
  process.stderr.write(`${JSON.stringify({ error: code, message })}\n`);
  process.exit(exitCode);
}

async function main(): Promise<void> {
  const [name, ...args] = process.argv.slice(2);
  if (!name || name === "help" || name === "--help") {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const command = commands[name];
  if (!command) fail("UNKNOWN_COMMAND", `Unknown command "${name}".\n${USAGE}`, 2);
  boot();
  let database: Database;
  try {
    database = await openDatabase(optionsFromEnv());
  } catch (err) {
    if (err instanceof DataDirInUseError) fail("DATA_DIR_IN_USE", err.message, 3);
    throw err;
  }
  try {
    await migrateDatabase(database);
    const result = await command(database, args);
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  } catch (err) {
    await database.close();
    if (
      err instanceof UsageError ||
      (err instanceof Error && "code" in err && (err as { code?: string }).code?.startsWith("ERR_PARSE_ARGS"))
    )
      fail("USAGE", `${err.message}\n\n${USAGE}`, 2);
    if (err instanceof z.ZodError)
      fail(
        "VALIDATION_ERROR",
        err.issues.map((i) => `${i.path.join(".") || "input"}: ${i.message}`).join("; "),
        1,
      );
    if (isServiceError(err)) fail(err.code, err.message, 1);
    throw err;
  }
  await database.close();
}

main().catch((err) => fail("INTERNAL_ERROR", err instanceof Error ? err.message : String(err), 1));

#!/usr/bin/env node
// The `card-console` bin of the package (docs/cli.md): runs the TypeScript CLI through tsx, with
// the project's tsconfig for its @/ imports, from any working directory.
import { fileURLToPath } from "node:url";
import { register } from "tsx/esm/api";

register({ tsconfig: fileURLToPath(new URL("../tsconfig.json", import.meta.url)) });
const { main } = await import("../cli/card-console/main.ts");
process.exitCode = await main(process.argv);

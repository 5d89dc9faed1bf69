import { vi } from "vitest";
import { restoreStartingEnvForTests } from "@/lib/env";
import { boot } from "@/server/boot";
import { removeEventConsumers } from "@/server/events/dispatch";
import { setProvidersForTests } from "@/server/providers/current";

// Vitest's setup file (vitest.config.ts), run before every test file: every file starts through
// the composition root, like the app does, with the real providers. Worker handlers are
// registered by the tests that run a worker.
//
// Files share a worker's process (vitest.config.ts, project "shared"), so each starts from the
// same state: the environment the worker started with (a variable an earlier file set with
// setEnvForTests and did not clear would reach this one), real timers, and no event consumer (one
// an earlier file registered would see this file's events).
restoreStartingEnvForTests();
vi.useRealTimers();
removeEventConsumers();
setProvidersForTests();
boot();

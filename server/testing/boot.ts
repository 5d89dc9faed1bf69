import { boot } from "@/server/boot";
import { setProvidersForTests } from "@/server/providers/current";

// Vitest's setup file (vitest.config.ts): every test file starts through the composition root,
// like the app does, with the real providers. Worker handlers are registered by the tests that
// run a worker.
setProvidersForTests();
boot();

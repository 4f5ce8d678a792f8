// Remotes are built with externalRuntime: they use the shell's Module Federation runtime
// core instead of each bundling their own (~30 KB gzip apiece). It must be on globalThis
// before the first remote entry runs. `require` (not import) resolves to the same CommonJS
// build the bundler's federation runtime already uses, so the shell carries one copy.
(
  globalThis as { _FEDERATION_RUNTIME_CORE?: unknown }
)._FEDERATION_RUNTIME_CORE = require('@module-federation/runtime-core');

import { requestRegistryEarly } from './remotes/early-registry';

requestRegistryEarly();

// An async boundary before anything imports a shared module: Module Federation
// must negotiate the shared singletons (react, the host package...) first.
import(/* webpackChunkName: "bootstrap" */ './bootstrap');

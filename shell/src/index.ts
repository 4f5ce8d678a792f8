// Remotes are built with externalRuntime: they use the shell's Module Federation runtime
// core instead of each bundling their own (~30 KB gzip apiece). It must be on globalThis
// before the first remote entry runs. `require` (not import) resolves to the same CommonJS
// build the bundler's federation runtime already uses, so the shell carries one copy.
// The same for the sdk and the error codes (shared/build SHELL_RUNTIME_GLOBALS): stateless
// packages the runtime core already brings, taken by every remote entry from here.
Object.assign(globalThis, {
  _FEDERATION_RUNTIME_CORE: require('@module-federation/runtime-core'),
  _FEDERATION_SDK: require('@module-federation/sdk'),
  _FEDERATION_ERROR_CODES: require('@module-federation/error-codes'),
});

import { requestRegistryEarly } from './remotes/early-registry';

requestRegistryEarly();

// An async boundary before anything imports a shared module: Module Federation
// must negotiate the shared singletons (react, the host package...) first.
import(/* webpackChunkName: "bootstrap" */ './bootstrap');

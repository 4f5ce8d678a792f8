// An async boundary before anything imports a shared module: Module Federation
// must negotiate the shared singletons (react, the host package...) first.
import('./bootstrap');

import { accountCatalogs } from '../account/catalogs';

// The account modals' English catalog, as the host brings it before a modal draws
// (account-modals-host.tsx).
await accountCatalogs.ready();

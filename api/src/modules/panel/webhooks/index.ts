// The webhooks sub-door of the panel module (issue 23): what the module's other parts use of
// webhooks/. Files outside webhooks/ import this, never a file inside it.
export { webhooksPlugin } from './webhooks-plugin';

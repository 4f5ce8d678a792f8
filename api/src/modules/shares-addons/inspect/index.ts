// The inspect sub-door of the shares-addons module (issue 23): what the module's other parts use of
// inspect/. Files outside inspect/ import this, never a file inside it.
export { AddonRejectedError } from './addon-rejected';
export { inspectAddon } from './inspect-addon';
